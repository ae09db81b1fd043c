import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readEnv } from '../server/config/env.ts';
import { migrateToLatest, openStoreDatabase } from '../server/db/database.ts';
import { ContentError, readContentFiles } from '../server/modules/catalogue/content-files.ts';
import { exportContent } from '../server/modules/catalogue/content-export.ts';
import { importContent, type ImportReport } from '../server/modules/catalogue/content-import.ts';
import { oneLine } from '../server/lib/one-line.ts';

const usage = `Usage:
  npm run content -- validate <file-or-folder>...      check files without touching the database
  npm run content -- import <file-or-folder>...        upsert exams by id, all files or none
  npm run content -- export <folder> [examId...]       write one <examId>.json per exam`;

async function main([command, ...args]: string[]): Promise<number> {
  if (command === 'validate' && args.length > 0) {
    const files = await readContentFiles(args);
    const questions = files.reduce(
      (n, f) => n + f.content.practiceTests.reduce((m, t) => m + t.questions.length, 0),
      0,
    );
    console.log(`${files.length} file(s) valid: ${questions} questions`);
    return 0;
  }
  if (command === 'import' && args.length > 0) {
    const files = await readContentFiles(args);
    const report = await withDatabase((db) => importContent(db, files));
    console.log(describe(report));
    return 0;
  }
  if (command === 'export' && args.length > 0) {
    const [folder, ...ids] = args as [string, ...string[]];
    const files = await withDatabase((db) => exportContent(db, ids));
    const missing = ids.filter((id) => !files.some((f) => f.exam.id === id));
    if (missing.length > 0) {
      console.error(`No exam with id: ${missing.join(', ')}`);
      return 1;
    }
    await mkdir(folder, { recursive: true });
    for (const file of files) {
      await writeFile(path.join(folder, `${file.exam.id}.json`), `${JSON.stringify(file, null, 2)}\n`);
    }
    console.log(`Exported ${files.length} exam(s) to ${folder}`);
    return 0;
  }
  console.error(usage);
  return 2;
}

async function withDatabase<T>(work: (db: ReturnType<typeof openStoreDatabase>['db']) => Promise<T>): Promise<T> {
  const handle = openStoreDatabase(readEnv().DATABASE_URL);
  try {
    await migrateToLatest(handle.db);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

function describe(report: ImportReport): string {
  return (Object.entries(report) as [string, ImportReport['exams']][])
    .map(
      ([kind, c]) => `${kind}: ${c.added} added, ${c.updated} updated, ${c.unchanged} unchanged, ${c.removed} removed`,
    )
    .join('\n');
}

const args = process.argv.slice(2);
main(args).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ContentError) {
      console.error(`${args[0] === 'import' ? 'Nothing was imported' : 'Content is not valid'}:\n${error.message}`);
    } else {
      console.error(`${args[0] ?? 'content'} failed: ${oneLine(error)}`);
    }
    process.exit(1);
  },
);
