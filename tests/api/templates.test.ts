// Question templates: GET templates/questions/{systemNo} answers the link of a question's template
// (404 without one, 401 signed out), the section view carries templateUrl, and the links lead to real
// Word documents that the portal serves from public/ (written by scripts/make-templates.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { createPortalApp } from '../../server/portal';
import { BEAD_ROUND_1_SECTIONS } from '../../api/seed/question-bank';
import { TEMPLATE_NOT_FOUND, TEMPLATES_PATH } from '../../api/routes/templates';
import { TEMPLATES, TEMPLATES_DIR, crc32, docx, seedTemplates, zip } from '../../scripts/make-templates';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TEMPLATED = BEAD_ROUND_1_SECTIONS.flatMap((s) => s.questions).filter((q) => q.hasTemplate);

let api: TestApi;
let admin: { token: string };
let stateAdmin: { token: string };
let programId: string;
/** The portal with its static files (no Remix build: only static paths are requested). */
let portal: Server;
let portalUrl: string;

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  admin = await api.signIn('org.admin@example.org');
  stateAdmin = await api.signIn('state.admin@example.gov');
  programId = (await api.call('/api/v1/program/all', { token: admin.token })).body[0].id;
  const app = createPortalApp({ env: api.env, database: api.database, build: () => Promise.reject(new Error('No Remix build in API tests')) });
  portal = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (portal) await new Promise<void>((resolve) => portal.close(() => resolve()));
  await api?.close();
});

const template = (systemNo: string, token: string | null = admin.token, query = '') =>
  api.call(`/api/v1/templates/questions/${encodeURIComponent(systemNo)}${query}`, { token: token ?? undefined });

// ---------------------------------------------------------------------------------------------
// A ZIP reader independent of the writer: end record, central directory, local headers.
// ---------------------------------------------------------------------------------------------

function readZip(buf: Buffer): Map<string, Buffer> {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const count = buf.readUInt16LE(eocd + 10);
  const dirSize = buf.readUInt32LE(eocd + 12);
  let at = buf.readUInt32LE(eocd + 16);
  expect(at + dirSize).toBe(eocd);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);

    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    expect(buf.readUInt32LE(local + 14)).toBe(crc);
    expect(buf.toString('utf8', local + 30, local + 30 + buf.readUInt16LE(local + 26))).toBe(name);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const body = buf.subarray(start, start + compressed);
    const data = method === 8 ? zlib.inflateRawSync(body) : Buffer.from(body);
    expect([0, 8]).toContain(method);
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** A real .docx: a ZIP whose parts declare and contain a WordprocessingML document. */
function expectDocx(bytes: Buffer, title: string) {
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const parts = readZip(bytes);
  expect([...parts.keys()]).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/styles.xml']));
  expect(parts.get('[Content_Types].xml')!.toString()).toContain('PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"');
  expect(parts.get('_rels/.rels')!.toString()).toContain('Target="word/document.xml"');
  const document = parts.get('word/document.xml')!.toString();
  expect(document).toMatch(/^<\?xml version="1.0" encoding="UTF-8" standalone="yes"\?>\n<w:document /);
  expect(document).toContain('<w:body>');
  expect(document).toContain('<w:tbl>');
  expect(document).toContain('<w:sdt>');
  expect(document).toContain(`<w:t xml:space="preserve">${title}</w:t>`);
}

// ---------------------------------------------------------------------------------------------

describe('GET templates/questions/{systemNo}', () => {
  it('the seed offers four templates', () => {
    expect(TEMPLATED.map((q) => q.systemNo)).toEqual(['31', '40', '42', '80']);
  });

  it.each(TEMPLATED.map((q) => [q.systemNo, q.templateFile!] as const))('question %s answers the link of %s', async (systemNo, file) => {
    const res = await template(systemNo);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: `/templates/bead-round-1/${file}` });
    expect(res.body.url.startsWith(`${TEMPLATES_PATH}/`)).toBe(true);
  });

  it('answers for the programme given by ?programId= and for state users', async () => {
    expect((await template('31', admin.token, `?programId=${programId}`)).body).toEqual({ url: '/templates/bead-round-1/network-diagram-template.docx' });
    expect((await template('80', stateAdmin.token)).status).toBe(200);
  });

  it('404 for a question without a template, an unknown question and an unknown programme', async () => {
    for (const systemNo of ['1', '41', '9999', 'x'.repeat(200)]) {
      const res = await template(systemNo);
      expect(res.status, systemNo).toBe(404);
      expect(res.body).toEqual({ message: TEMPLATE_NOT_FOUND });
    }
    const res = await template('31', admin.token, '?programId=00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Template not found' });
  });

  it('400 for a programId that is not an id', async () => {
    expect((await template('31', admin.token, '?programId=nope')).status).toBe(400);
  });

  it('401 without a token or with an unknown one', async () => {
    expect((await template('31', null)).status).toBe(401);
    expect((await template('31', 'not-a-token')).status).toBe(401);
  });
});

describe('the section view', () => {
  it('carries templateUrl next to hasTemplate', async () => {
    const rows = (await api.database.db.execute(sql`select section_id from questions where system_no = '31'`)) as any;
    const view = await api.call(`/api/v1/applications/GA-LKV001/sections/${rows.rows[0].section_id}`, { token: admin.token });
    expect(view.status).toBe(200);
    const diagram = view.body.questions.find((q: any) => q.systemNo === '31');
    expect(diagram).toMatchObject({ hasTemplate: true, templateUrl: '/templates/bead-round-1/network-diagram-template.docx' });
    for (const q of view.body.questions.filter((x: any) => !x.hasTemplate)) expect(q.templateUrl).toBeNull();
  });
});

describe('the template files', () => {
  it.each(TEMPLATED.map((q) => [q.templateFile!] as const))('%s is served by the portal as a Word document', async (file) => {
    const { url } = (await template(TEMPLATED.find((q) => q.templateFile === file)!.systemNo)).body;
    const res = await fetch(portalUrl + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DOCX_TYPE);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(TEMPLATES_DIR, file)))).toBe(true);
    expectDocx(bytes, TEMPLATES[file]!.blocks.flatMap((b) => ('title' in b ? [b.title] : []))[0]!);
  });

  it('the committed files are what the generator writes now', () => {
    for (const { file, doc } of seedTemplates()) {
      expect(fs.readFileSync(path.join(TEMPLATES_DIR, file)).equals(docx(doc)), `${file}: run npx tsx scripts/make-templates.ts`).toBe(true);
    }
  });

  it('an unknown template path is not a file', async () => {
    expect((await fetch(`${portalUrl}${TEMPLATES_PATH}/missing.docx`)).status).not.toBe(200);
  });
});

describe('the ZIP writer', () => {
  const entries = [
    { name: 'a.txt', data: 'hello '.repeat(100) },
    { name: 'dir/b.bin', data: Buffer.from([0, 1, 2, 3, 255]) },
    { name: 'empty.txt', data: '' },
  ];

  it('CRC-32 matches the known check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('round-trips through the central directory', () => {
    const files = readZip(zip(entries));
    expect([...files.keys()]).toEqual(['a.txt', 'dir/b.bin', 'empty.txt']);
    expect(files.get('a.txt')!.toString()).toBe('hello '.repeat(100));
    expect(files.get('dir/b.bin')).toEqual(Buffer.from([0, 1, 2, 3, 255]));
    expect(files.get('empty.txt')!.length).toBe(0);
  });

  const hasUnzip = spawnSync('unzip', ['-v']).status === 0;
  it.skipIf(!hasUnzip)('round-trips through unzip', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-writer-'));
    try {
      const file = path.join(dir, 'test.zip');
      fs.writeFileSync(file, zip(entries));
      expect(spawnSync('unzip', ['-tq', file]).status).toBe(0);
      expect(spawnSync('unzip', ['-p', file, 'a.txt']).stdout.toString()).toBe('hello '.repeat(100));
      const network = path.join(TEMPLATES_DIR, 'network-diagram-template.docx');
      expect(spawnSync('unzip', ['-p', network, 'word/document.xml']).stdout.toString()).toContain('Network Diagram');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
