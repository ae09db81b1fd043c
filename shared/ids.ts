/** Catalogue ids are slugs made by the content tool; anything else cannot name an exam or test. */
export const CATALOGUE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

export function isCatalogueId(value: string | undefined): value is string {
  return value !== undefined && CATALOGUE_ID_PATTERN.test(value);
}
