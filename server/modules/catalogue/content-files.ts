import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentFileSchema, type ContentFile } from '../../../shared/content-schema.ts';

export interface ContentProblem {
  file: string;
  /** A JSON path such as `$.practiceTests[0].questions[3].correct`. */
  path: string;
  message: string;
}

export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n'));
    this.name = 'ContentError';
  }
}

/** `$.practiceTests[0].questions[3].correct` style paths, as a reader would look them up. */
export function jsonPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : `${acc}.${String(s)}`), '$');
}

export function parseContent(file: string, raw: string): ContentFile {
  let json: unknown;
  try {
    // A byte-order mark, which some editors write at the start of a UTF-8 file, is no part of the JSON.
    json = JSON.parse(raw.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ContentError([{ file, path: '$', message: `not valid JSON (${(error as Error).message})` }]);
  }
  const result = contentFileSchema.safeParse(json);
  if (!result.success) {
    throw new ContentError(result.error.issues.map((i) => ({ file, path: jsonPath(i.path), message: i.message })));
  }
  return result.data;
}

/** Expands folders into the `.json` files they hold, sorted so imports run in a stable order, each file once. */
export async function listContentFiles(inputs: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const input of inputs) {
    const info = await stat(input).catch(() => {
      throw new ContentError([{ file: input, path: '$', message: 'no such file or folder' }]);
    });
    if (info.isDirectory()) {
      const names = (await readdir(input)).filter((n) => n.endsWith('.json')).sort();
      // A folder with no content files is a mistyped path (content instead of content/exams), not an empty import.
      if (names.length === 0)
        throw new ContentError([{ file: input, path: '$', message: 'no .json files in this folder' }]);
      files.push(...names.map((n) => path.join(input, n)));
    } else {
      files.push(input);
    }
  }
  // A file named twice (a folder and a file in it, or `a.json a.json`) is read once.
  return files.filter((file, i) => files.findIndex((other) => path.resolve(other) === path.resolve(file)) === i);
}

/**
 * Reads and validates every file; reports the problems of all files, not only the first. A thumbnail of the
 * store's own (`/thumbnails/…`) must be a file in `publicDir`, or the exam would show a broken picture.
 */
export async function readContentFiles(
  inputs: string[],
  publicDir = 'public',
): Promise<{ file: string; content: ContentFile }[]> {
  const files = await listContentFiles(inputs);
  const parsed: { file: string; content: ContentFile }[] = [];
  const problems: ContentProblem[] = [];
  for (const file of files) {
    try {
      const content = parseContent(file, await readFile(file, 'utf8'));
      parsed.push({ file, content });
      const picture = content.exam.thumbnail?.startsWith('/') ? path.join(publicDir, content.exam.thumbnail) : null;
      if (picture && !(await isFile(picture)))
        problems.push({ file, path: '$.exam.thumbnail', message: `no file ${picture}` });
    } catch (error) {
      if (error instanceof ContentError) problems.push(...error.problems);
      else throw error;
    }
  }
  const ids = new Map<string, string>();
  for (const { file, content } of parsed) {
    const keys = [
      `exam ${content.exam.id}`,
      ...content.practiceTests.map((t) => `practice test ${t.id}`),
      ...content.practiceTests.flatMap((t) => t.questions.map((q) => `question ${q.id}`)),
    ];
    for (const key of keys) {
      const other = ids.get(key);
      if (other && other !== file) {
        problems.push({ file, path: '$', message: `${key} is also defined in ${other}` });
      }
      ids.set(key, file);
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  return parsed;
}

const isFile = (file: string) =>
  stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
