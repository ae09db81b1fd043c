import type { DatabaseHandle } from './db/database.ts';
import type { Services } from './http/load-context.ts';
import { createCatalogueService } from './modules/catalogue/service.ts';

export function createServices(handle: DatabaseHandle): Services {
  return {
    catalogue: createCatalogueService(handle.db),
  };
}
