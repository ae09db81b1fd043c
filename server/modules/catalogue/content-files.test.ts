import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { ContentError, jsonPath, parseContent, readContentFiles } from './content-files.ts';

async function folderWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pp-content-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

async function problemsOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).problems;
}

describe('content files', () => {
  it('formats JSON paths the way a reader looks them up', () => {
    expect(jsonPath(['practiceTests', 0, 'questions', 3, 'correct'])).toBe('$.practiceTests[0].questions[3].correct');
    expect(jsonPath([])).toBe('$');
  });

  it('reads every .json file of a folder in name order', async () => {
    const dir = await folderWith({
      'b.json': JSON.stringify(contentFixture('bravo')),
      'a.json': JSON.stringify(contentFixture('alpha')),
      'notes.txt': 'ignored',
    });
    const files = await readContentFiles([dir]);
    expect(files.map((f) => f.content.exam.id)).toEqual(['alpha', 'bravo']);
  });

  it('names the file, the JSON path and what is wrong', async () => {
    const file = contentFixture('alpha');
    const raw = JSON.parse(JSON.stringify(file));
    raw.practiceTests[1].questions[2].correct = ['z'];
    raw.exam.category = 'Cooking';
    const dir = await folderWith({ 'alpha.json': JSON.stringify(raw) });
    const problems = await problemsOf(readContentFiles([dir]));
    const where = path.join(dir, 'alpha.json');
    expect(problems).toContainEqual({
      file: where,
      path: '$.practiceTests[1].questions[2].correct[0]',
      message: '"z" is not an option id',
    });
    expect(problems).toContainEqual(expect.objectContaining({ file: where, path: '$.exam.category' }));
  });

  it('refuses a thumbnail of the store’s own that is not a file under public/', async () => {
    const shown = { ...contentFixture('alpha') };
    shown.exam = { ...shown.exam, thumbnail: '/thumbnails/pmp.svg' };
    const missing = { ...contentFixture('bravo') };
    missing.exam = { ...missing.exam, thumbnail: '/thumbnails/bravo-missing.png' };
    const elsewhere = { ...contentFixture('charlie') };
    elsewhere.exam = { ...elsewhere.exam, thumbnail: 'https://images.example.com/charlie.png' };
    const dir = await folderWith({
      'alpha.json': JSON.stringify(shown),
      'bravo.json': JSON.stringify(missing),
      'charlie.json': JSON.stringify(elsewhere),
    });
    expect(await problemsOf(readContentFiles([dir]))).toEqual([
      {
        file: path.join(dir, 'bravo.json'),
        path: '$.exam.thumbnail',
        message: `no file ${path.join('public', 'thumbnails', 'bravo-missing.png')}`,
      },
    ]);
    const found = await readContentFiles([path.join(dir, 'alpha.json'), path.join(dir, 'charlie.json')]);
    expect(found.map((f) => f.content.exam.thumbnail)).toEqual([
      '/thumbnails/pmp.svg',
      'https://images.example.com/charlie.png',
    ]);
  });

  it('reports broken JSON and missing files', async () => {
    const dir = await folderWith({ 'broken.json': '{"exam": ' });
    const problems = await problemsOf(readContentFiles([dir, path.join(dir, 'absent.json')]));
    expect(problems[0]).toMatchObject({ path: '$', message: 'no such file or folder' });
    expect(problems).toHaveLength(1);
    const broken = await problemsOf(readContentFiles([path.join(dir, 'broken.json')]));
    expect(broken[0]?.message).toMatch(/^not valid JSON/);
    // A folder without content files (content instead of content/exams) is a mistake, not an empty import.
    const empty = await folderWith({ 'notes.txt': 'not content' });
    expect(await problemsOf(readContentFiles([empty]))).toEqual([
      expect.objectContaining({ file: empty, path: '$', message: 'no .json files in this folder' }),
    ]);
  });

  it('reads a file named twice once, as a folder and as a file of it', async () => {
    const dir = await folderWith({ 'a.json': JSON.stringify(contentFixture('once')) });
    const files = await readContentFiles([dir, path.join(dir, 'a.json'), `${dir}/./a.json`]);
    expect(files.map((f) => f.content.exam.id)).toEqual(['once']);
  });

  it('reads a file saved with a byte-order mark as the same file without it', () => {
    const text = JSON.stringify(contentFixture('marked'));
    expect(parseContent('marked.json', `\uFEFF${text}`)).toEqual(parseContent('marked.json', text));
  });

  it('refuses the same id defined in two files', async () => {
    const dir = await folderWith({
      'a.json': JSON.stringify(contentFixture('alpha')),
      'b.json': JSON.stringify(contentFixture('alpha')),
    });
    const problems = await problemsOf(readContentFiles([dir]));
    expect(problems[0]?.message).toBe(`exam alpha is also defined in ${path.join(dir, 'a.json')}`);
  });

  it('refuses a question whose every option is correct, and duplicate ids within a file', async () => {
    const raw = JSON.parse(JSON.stringify(contentFixture('alpha')));
    raw.practiceTests[0].questions[0].correct = ['a', 'b', 'c'];
    raw.practiceTests[1].questions[0].id = raw.practiceTests[0].questions[1].id;
    const dir = await folderWith({ 'alpha.json': JSON.stringify(raw) });
    const messages = (await problemsOf(readContentFiles([dir]))).map((p) => `${p.path} ${p.message}`);
    expect(messages).toContain('$.practiceTests[0].questions[0].correct at least one option must be wrong');
    expect(messages).toContain('$.practiceTests[1].questions[0].id duplicate question id "alpha-pt1-q2"');
  });

  it("keeps a question's code as written, its indentation too, without blank lines around it", async () => {
    const raw = JSON.parse(JSON.stringify(contentFixture('alpha')));
    raw.practiceTests[0].questions[0].code = '\n\ndef f():\n    return 1  \n\n';
    raw.practiceTests[0].questions[1].code = ' \n \n';
    const dir = await folderWith({ 'alpha.json': JSON.stringify(raw) });
    const messages = (await problemsOf(readContentFiles([dir]))).map((p) => `${p.path} ${p.message}`);
    expect(messages).toEqual(['$.practiceTests[0].questions[1].code must not be empty']);

    delete raw.practiceTests[0].questions[1].code;
    const fine = await folderWith({ 'alpha.json': JSON.stringify(raw) });
    const [file] = await readContentFiles([fine]);
    expect(file!.content.practiceTests[0]!.questions[0]!.code).toBe('def f():\n    return 1');
    expect(file!.content.practiceTests[0]!.questions[1]!.code).toBeUndefined();
  });
});
