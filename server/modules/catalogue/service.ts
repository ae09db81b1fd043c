import type { Kysely } from 'kysely';
import { CATALOGUE_PAGE_SIZE, FEATURED_LIMIT } from '../../../shared/catalogue.ts';
import type { Database } from '../../db/schema.ts';
import { catalogueVersion } from './catalogue-version.ts';
import { readContentFiles } from './content-files.ts';
import { importContent, type ImportReport } from './content-import.ts';
import { createThumbnailInliner } from './inline-thumbnail.ts';
import { countExams, examSitemapEntries, featuredExams, findExam, listExams } from './queries.ts';

/** What the storefront's pages ask of the catalogue. */
export function createCatalogueService(db: Kysely<Database>, publicDir = 'public') {
  return {
    /** An exam's own small SVG thumbnail as a data URI, for the picture a page shows first. */
    inlineThumbnail: createThumbnailInliner(publicDir),
    featured: () => featuredExams(db, FEATURED_LIMIT),
    /** One page (from 1) of the catalogue or of a search in it, with the number of exams in all. */
    search: (term?: string, page = 1) =>
      listExams(db, term, { offset: (page - 1) * CATALOGUE_PAGE_SIZE, limit: CATALOGUE_PAGE_SIZE }),
    exam: (id: string) => findExam(db, id),
    sitemapEntries: () => examSitemapEntries(db),
    /** Rises with every content import that changes the catalogue (read by the page cache). */
    version: () => catalogueVersion(db),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** Loads the given content folder into an empty catalogue, through the same path as `content import`. */
export async function seedCatalogue(db: Kysely<Database>, folder: string): Promise<ImportReport | null> {
  if ((await countExams(db)) > 0) return null;
  const files = await readContentFiles([folder]);
  return importContent(db, files);
}
