// Writes the question templates of the BEAD Round 1 programme (the seed's templateFile names) as
// real Word documents into public/, where the portal serves them. The output is deterministic (fixed
// timestamps), so the committed files are exactly what this script writes and no build step is needed.
// Run: npx tsx scripts/make-templates.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { BEAD_ROUND_1_SECTIONS } from '../api/seed/question-bank';
import { TEMPLATES_PATH } from '../api/routes/templates';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATES_DIR = path.join(ROOT, 'public', TEMPLATES_PATH);

// ---------------------------------------------------------------------------------------------
// ZIP (PKWARE APPNOTE 4.3: local headers, central directory, end record; no ZIP64)
// ---------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  name: string;
  data: Buffer | string;
}

/** MS-DOS date and time of every entry: 2025-01-01 00:00, so the same input gives the same bytes. */
const DOS_TIME = 0;
const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1;

export function zip(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const deflated = zlib.deflateRawSync(raw, { level: 9 });
    const method = deflated.length < raw.length ? 8 : 0;
    const body = method === 8 ? deflated : raw;
    const crc = crc32(raw);
    const flags = /[^\x20-\x7e]/.test(entry.name) ? 0x0800 : 0; // bit 11: the name is UTF-8

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, body);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(flags, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt16LE(DOS_TIME, 12);
    header.writeUInt16LE(DOS_DATE, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(body.length, 20);
    header.writeUInt32LE(raw.length, 24);
    header.writeUInt16LE(name.length, 28);
    // extra length, comment length, disk number, internal and external attributes: all 0
    header.writeUInt32LE(offset, 42);
    central.push(header, name);

    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

// ---------------------------------------------------------------------------------------------
// A small document model written as WordprocessingML
// ---------------------------------------------------------------------------------------------

/** A fill-in field: a Word content control showing its label as grey placeholder text. */
export interface Field {
  field: string;
  kind?: 'text' | 'multiline' | 'date' | 'choice';
  choices?: string[];
}
export type Inline = string | Field | { bold: string };

export type Block =
  | { title: string; subtitle: string }
  | { heading: string; level?: 1 | 2 }
  | { para: Inline[]; italic?: boolean }
  | { note: string[] }
  | { bullets: Inline[][]; numbered?: boolean }
  | { checks: string[] }
  /** Label and fill-in field, one row each. */
  | { form: [label: string, field: Field][] }
  /** A table with a header row; rows are cells (a string is fixed text); `blankRows` adds empty ones. */
  | { table: string[]; widths: number[]; rows?: (string | Field)[][]; blankRows?: number }
  | { pageBreak: true };

export interface TemplateDoc {
  title: string;
  subject: string;
  blocks: Block[];
}

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** US Letter with 1" margins: the width text and tables may use, in twentieths of a point. */
const TEXT_WIDTH = 12240 - 2 * 1440;
const HEADER_FILL = 'D9E2F3';
const LABEL_FILL = 'F2F2F2';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const tagOf = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

const run = (text: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;

class DocumentWriter {
  private sdtId = 1000;
  /** Numbered lists, each restarting at 1: their w:num ids. */
  readonly numberedLists: number[] = [];

  field(f: Field): string {
    const id = this.sdtId++;
    const kind = f.kind ?? 'text';
    const type =
      kind === 'date'
        ? '<w:date><w:dateFormat w:val="MM/dd/yyyy"/><w:lid w:val="en-US"/><w:storeMappedDataAs w:val="dateTime"/><w:calendar w:val="gregorian"/></w:date>'
        : kind === 'choice'
          ? `<w:dropDownList>${(f.choices ?? []).map((c) => `<w:listItem w:displayText="${esc(c)}" w:value="${esc(c)}"/>`).join('')}</w:dropDownList>`
          : `<w:text${kind === 'multiline' ? ' w:multiLine="1"' : ''}/>`;
    return (
      `<w:sdt><w:sdtPr><w:alias w:val="${esc(f.field)}"/><w:tag w:val="${tagOf(f.field)}"/><w:id w:val="${id}"/><w:showingPlcHdr/>${type}</w:sdtPr>` +
      `<w:sdtContent>${run(`[${f.field}]`, '<w:rStyle w:val="PlaceholderText"/>')}</w:sdtContent></w:sdt>`
    );
  }

  inline(parts: readonly Inline[], rPr = ''): string {
    return parts
      .map((p) => (typeof p === 'string' ? run(p, rPr) : 'bold' in p ? run(p.bold, `<w:b/>${rPr}`) : this.field(p)))
      .join('');
  }

  paragraph(content: string, pPr = ''): string {
    return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${content}</w:p>`;
  }

  cell(content: string, width: number, fill?: string): string {
    const shading = fill ? `<w:shd w:val="clear" w:color="auto" w:fill="${fill}"/>` : '';
    return `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${shading}</w:tcPr>${content}</w:tc>`;
  }

  table(widths: readonly number[], rows: string[][], opts: { header: boolean; labelColumn?: boolean }): string {
    const total = widths.reduce((a, b) => a + b, 0);
    const cols = widths.map((w) => Math.round((w / total) * TEXT_WIDTH));
    const grid = cols.map((w) => `<w:gridCol w:w="${w}"/>`).join('');
    const body = rows
      .map((cells, r) => {
        const isHeader = opts.header && r === 0;
        const trPr = isHeader ? '<w:trPr><w:tblHeader/><w:cantSplit/></w:trPr>' : '<w:trPr><w:cantSplit/></w:trPr>';
        const tcs = cells
          .map((content, c) => this.cell(content, cols[c]!, isHeader ? HEADER_FILL : opts.labelColumn && c === 0 ? LABEL_FILL : undefined))
          .join('');
        return `<w:tr>${trPr}${tcs}</w:tr>`;
      })
      .join('');
    return (
      `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="${TEXT_WIDTH}" w:type="dxa"/><w:tblLayout w:type="fixed"/>` +
      `<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>` +
      `<w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>` +
      // A paragraph after every table keeps two tables from merging and the body from ending in a table.
      this.paragraph('', '<w:spacing w:after="0"/>')
    );
  }

  block(b: Block): string {
    if ('title' in b) {
      return this.paragraph(run(b.title), '<w:pStyle w:val="Title"/>') + this.paragraph(run(b.subtitle), '<w:pStyle w:val="Subtitle"/>');
    }
    if ('heading' in b) return this.paragraph(run(b.heading), `<w:pStyle w:val="Heading${b.level ?? 1}"/>`);
    if ('para' in b) return this.paragraph(this.inline(b.para, b.italic ? '<w:i/>' : ''));
    if ('note' in b) return b.note.map((text) => this.paragraph(run(text), '<w:pStyle w:val="Instructions"/>')).join('');
    if ('bullets' in b) {
      let numId = 1;
      if (b.numbered) {
        numId = 2 + this.numberedLists.length;
        this.numberedLists.push(numId);
      }
      return b.bullets
        .map((item) => this.paragraph(this.inline(item), `<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="${numId}"/></w:numPr>`))
        .join('');
    }
    if ('checks' in b) {
      return b.checks.map((text) => this.paragraph(run('\u2610  ') + run(text), '<w:ind w:left="720" w:hanging="360"/>')).join('');
    }
    if ('form' in b) {
      const rows = b.form.map(([label, f]) => [this.paragraph(run(label, '<w:b/>')), this.paragraph(this.field(f))]);
      return this.table([35, 65], rows, { header: false, labelColumn: true });
    }
    if ('table' in b) {
      const head = b.table.map((h) => this.paragraph(run(h, '<w:b/>')));
      const given = (b.rows ?? []).map((cells) =>
        b.table.map((_, i) => {
          const cell = cells[i];
          if (cell === undefined) return this.paragraph('');
          return this.paragraph(typeof cell === 'string' ? run(cell) : this.field(cell));
        }),
      );
      const blank = Array.from({ length: b.blankRows ?? 0 }, () => b.table.map(() => this.paragraph('')));
      return this.table(b.widths, [head, ...given, ...blank], { header: true });
    }
    return this.paragraph('<w:r><w:br w:type="page"/></w:r>');
  }
}

function documentXml(doc: TemplateDoc, writer: DocumentWriter): string {
  const body = doc.blocks.map((b) => writer.block(b)).join('');
  const footer = '<w:footerReference w:type="default" r:id="rIdFooter"/>';
  const sectPr = `<w:sectPr>${footer}<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;
  return (
    XML_HEAD +
    `<w:document xmlns:w="${W_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    `<w:body>${body}${sectPr}</w:body></w:document>`
  );
}

function footerXml(doc: TemplateDoc): string {
  const page = '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>' +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>';
  return (
    XML_HEAD +
    `<w:ftr xmlns:w="${W_NS}"><w:p><w:pPr><w:pStyle w:val="Footer"/><w:tabs><w:tab w:val="right" w:pos="${TEXT_WIDTH}"/></w:tabs></w:pPr>` +
    `${run(`State Broadband Office \u2014 BEAD Round 1 \u2014 ${doc.title}`)}<w:r><w:tab/></w:r>${run('Page ')}${page}</w:p></w:ftr>`
  );
}

function numberingXml(numberedLists: readonly number[]): string {
  const level = (fmt: string, text: string) =>
    `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/><w:lvlJc w:val="left"/>` +
    `<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr>${fmt === 'bullet' ? '<w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol" w:hint="default"/></w:rPr>' : ''}</w:lvl>`;
  const nums = numberedLists
    .map((id) => `<w:num w:numId="${id}"><w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>`)
    .join('');
  return (
    XML_HEAD +
    `<w:numbering xmlns:w="${W_NS}">` +
    `<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="singleLevel"/>${level('bullet', '\uf0b7')}</w:abstractNum>` +
    `<w:abstractNum w:abstractNumId="1"><w:multiLevelType w:val="singleLevel"/>${level('decimal', '%1.')}</w:abstractNum>` +
    `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>${nums}</w:numbering>`
  );
}

const STYLES_XML =
  XML_HEAD +
  `<w:styles xmlns:w="${W_NS}">` +
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/>' +
  '<w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="264" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Subtitle"/><w:qFormat/>' +
  '<w:pPr><w:spacing w:after="60"/></w:pPr><w:rPr><w:b/><w:color w:val="1F3864"/><w:sz w:val="40"/><w:szCs w:val="40"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Subtitle"><w:name w:val="Subtitle"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:pBdr><w:bottom w:val="single" w:sz="8" w:space="4" w:color="1F3864"/></w:pBdr><w:spacing w:after="240"/></w:pPr>' +
  '<w:rPr><w:color w:val="404040"/><w:sz w:val="24"/><w:szCs w:val="24"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:keepNext/><w:spacing w:before="320" w:after="120"/><w:outlineLvl w:val="0"/></w:pPr>' +
  '<w:rPr><w:b/><w:color w:val="1F3864"/><w:sz w:val="28"/><w:szCs w:val="28"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:keepNext/><w:spacing w:before="200" w:after="80"/><w:outlineLvl w:val="1"/></w:pPr>' +
  '<w:rPr><w:b/><w:color w:val="2F5496"/><w:sz w:val="24"/><w:szCs w:val="24"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Instructions"><w:name w:val="Instructions"/><w:basedOn w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:pBdr><w:top w:val="single" w:sz="4" w:space="4" w:color="8EAADB"/><w:left w:val="single" w:sz="4" w:space="4" w:color="8EAADB"/>' +
  '<w:bottom w:val="single" w:sz="4" w:space="4" w:color="8EAADB"/><w:right w:val="single" w:sz="4" w:space="4" w:color="8EAADB"/>' +
  '<w:between w:val="nil"/></w:pBdr><w:shd w:val="clear" w:color="auto" w:fill="EAF1FB"/><w:spacing w:after="0"/><w:ind w:left="115" w:right="115"/></w:pPr>' +
  '<w:rPr><w:sz w:val="20"/><w:szCs w:val="20"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:spacing w:after="60"/><w:ind w:left="720"/><w:contextualSpacing/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/>' +
  '<w:pPr><w:spacing w:after="0"/></w:pPr><w:rPr><w:color w:val="595959"/><w:sz w:val="16"/><w:szCs w:val="16"/></w:rPr></w:style>' +
  '<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/></w:style>' +
  '<w:style w:type="character" w:styleId="PlaceholderText"><w:name w:val="Placeholder Text"/><w:basedOn w:val="DefaultParagraphFont"/><w:semiHidden/>' +
  '<w:rPr><w:color w:val="808080"/></w:rPr></w:style>' +
  '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:semiHidden/>' +
  '<w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/>' +
  '<w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
  '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/>' +
  '<w:pPr><w:spacing w:before="40" w:after="40" w:line="240" w:lineRule="auto"/></w:pPr>' +
  '<w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="8EAADB"/><w:left w:val="single" w:sz="4" w:space="0" w:color="8EAADB"/>' +
  '<w:bottom w:val="single" w:sz="4" w:space="0" w:color="8EAADB"/><w:right w:val="single" w:sz="4" w:space="0" w:color="8EAADB"/>' +
  '<w:insideH w:val="single" w:sz="4" w:space="0" w:color="8EAADB"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="8EAADB"/></w:tblBorders></w:tblPr></w:style>' +
  '</w:styles>';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const relationships = (rels: [id: string, type: string, target: string][]) =>
  XML_HEAD +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  rels.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`).join('') +
  '</Relationships>';

const CONTENT_TYPES =
  XML_HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
  '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' +
  '<Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
  '</Types>';

const coreXml = (doc: TemplateDoc) =>
  XML_HEAD +
  '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
  'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
  `<dc:title>${esc(doc.title)}</dc:title><dc:subject>${esc(doc.subject)}</dc:subject><dc:creator>State Broadband Office</dc:creator>` +
  '<dcterms:created xsi:type="dcterms:W3CDTF">2025-01-01T00:00:00Z</dcterms:created>' +
  '<dcterms:modified xsi:type="dcterms:W3CDTF">2025-01-01T00:00:00Z</dcterms:modified></cp:coreProperties>';

const APP_XML =
  XML_HEAD +
  '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
  '<Application>Broadband Grants Portal</Application><Company>State Broadband Office</Company></Properties>';

/** A Word document (.docx): the package parts of a WordprocessingML document, zipped. */
export function docx(doc: TemplateDoc): Buffer {
  const writer = new DocumentWriter();
  const document = documentXml(doc, writer);
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    {
      name: '_rels/.rels',
      data: relationships([
        ['rId1', `${REL}/officeDocument`, 'word/document.xml'],
        ['rId2', 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties', 'docProps/core.xml'],
        ['rId3', `${REL}/extended-properties`, 'docProps/app.xml'],
      ]),
    },
    { name: 'docProps/core.xml', data: coreXml(doc) },
    { name: 'docProps/app.xml', data: APP_XML },
    { name: 'word/document.xml', data: document },
    {
      name: 'word/_rels/document.xml.rels',
      data: relationships([
        ['rIdStyles', `${REL}/styles`, 'styles.xml'],
        ['rIdNumbering', `${REL}/numbering`, 'numbering.xml'],
        ['rIdFooter', `${REL}/footer`, 'footer1.xml'],
      ]),
    },
    { name: 'word/styles.xml', data: STYLES_XML },
    { name: 'word/numbering.xml', data: numberingXml(writer.numberedLists) },
    { name: 'word/footer1.xml', data: footerXml(doc) },
  ]);
}

// ---------------------------------------------------------------------------------------------
// The templates
// ---------------------------------------------------------------------------------------------

const text = (field: string): Field => ({ field });
const long = (field: string): Field => ({ field, kind: 'multiline' });
const date = (field = 'Date'): Field => ({ field, kind: 'date' });
const choice = (field: string, choices: string[]): Field => ({ field, kind: 'choice', choices });

const applicantForm = (extra: [string, Field][] = []): Block => ({
  form: [
    ['Applicant legal name', text('Legal name as registered with SAM.gov')],
    ['Application number', text('GA-XXXXXX')],
    ['Project area', text('Project area named in question 21')],
    ...extra,
  ],
});

const signatureForm = (who: string): Block => ({
  form: [
    ['Name', text(`Name of the ${who}`)],
    ['Title', text('Title')],
    ['Signature', text('Signature')],
    ['Date', date()],
  ],
});

const LAYERS = [
  'Internet transit / point of interconnection',
  'Middle mile / backhaul',
  'Core and aggregation',
  'Distribution (feeder)',
  'Access (drop to each location)',
  'Customer premises equipment',
];

const networkDiagram: TemplateDoc = {
  title: 'Network Diagram',
  subject: 'BEAD Round 1 subgrant application, question 31',
  blocks: [
    { title: 'Network Diagram', subtitle: 'BEAD Round 1 subgrant application \u2014 Technical Capability, question 31' },
    {
      note: [
        'How to use this template: replace every grey [bracketed] field, complete all six parts and insert or attach the diagram in part 3.',
        'Save the finished document as PDF or Word and upload it to question 31. One document per project area.',
        'Do not include passwords, management IP addresses or other details that would weaken the security of the network.',
      ],
    },
    { heading: '1. Applicant and project' },
    applicantForm([
      ['Proposed technology type', choice('Choose the technology', ['Fiber to the premises', 'Hybrid fiber-coaxial', 'Licensed fixed wireless', 'Other'])],
      ['Prepared by (name, title)', text('Name and title of the preparer')],
      ['Date prepared', date('Date prepared')],
    ]),
    { heading: '2. Network overview' },
    { para: ['Summarise how the proposed network reaches every location in the project area, from the internet connection to the customer premises.'] },
    { para: [long('Overview of the architecture, routes and backhaul (up to one page)')] },
    { heading: 'Network layers', level: 2 },
    {
      table: ['Layer', 'Description and main equipment', 'Owned / leased / IRU', 'Capacity'],
      widths: [26, 40, 17, 17],
      rows: LAYERS.map((layer) => [layer, text('Description'), choice('Choose', ['Owned', 'Leased', 'IRU', 'Not applicable']), text('Gbps')]),
    },
    { heading: '3. Diagram' },
    { para: ['The diagram must be legible when printed on Letter or Tabloid paper and must show:'] },
    {
      bullets: [
        ['the point(s) of interconnection to the internet and the transit providers;'],
        ['backhaul routes with their capacity and whether they are diverse (redundant) paths;'],
        ['central offices, headends, huts, cabinets, OLTs and towers, with their locations;'],
        ['fiber routes or wireless sectors covering every eligible location in the project area;'],
        ['connections to community anchor institutions;'],
        ['a legend, a scale or distances, and the date of the design.'],
      ],
    },
    { para: [long('Insert the network diagram here, or write "Attached" and add it as the following pages')] },
    { heading: '4. Facilities' },
    {
      table: ['Site name', 'Type', 'Location (address or lat/long)', 'Main equipment', 'Backup power (hours)'],
      widths: [20, 16, 26, 24, 14],
      rows: [[text('Site name'), choice('Type', ['Central office', 'Headend', 'Hut', 'Cabinet', 'Tower', 'Other']), text('Location'), text('Equipment'), text('Hours')]],
      blankRows: 5,
    },
    { heading: '5. Capacity and performance' },
    {
      form: [
        ['Maximum advertised speed (download / upload)', text('At least 100 / 20 Mbps')],
        ['Designed round-trip latency', text('95% of measurements at or below 100 ms')],
        ['Oversubscription ratio at aggregation', text('e.g. 1:8')],
        ['Backhaul capacity per location at peak', text('Mbps')],
        ['Years until upgrades are needed to keep the speeds', text('Years')],
      ],
    },
    { heading: '6. Certification' },
    {
      para: [
        'I certify that this diagram describes the network the applicant proposes to build in the project area, and that the network as designed can deliver the speeds and latency stated in part 5 to every location the application covers.',
      ],
    },
    {
      form: [
        ['Professional engineer (name)', text('Name of the professional engineer')],
        ['License number and state', text('PE license number, state')],
        ['Signature', text('Signature')],
        ['Date', date()],
      ],
    },
  ],
};

const FISCAL_YEARS = ['Most recent fiscal year', 'Prior fiscal year', 'Second prior fiscal year'];
const OPINIONS = ['Unqualified', 'Qualified', 'Adverse', 'Disclaimer of opinion'];

const auditedStatements: TemplateDoc = {
  title: 'Audited Financial Statements \u2014 Cover Sheet',
  subject: 'BEAD Round 1 subgrant application, question 40',
  blocks: [
    { title: 'Audited Financial Statements', subtitle: 'Cover sheet \u2014 BEAD Round 1 subgrant application, Financial Capability, question 40' },
    {
      note: [
        'How to use this template: complete this cover sheet and place it in front of the audited financial statements for the three most recent fiscal years.',
        'Each year must include the independent auditor\u2019s report, the balance sheet, the income statement, the cash flow statement and the notes.',
        'Upload the cover sheet and the statements as one PDF to question 40. If the statements did not receive an unqualified opinion, answer question 41 as well.',
      ],
    },
    { heading: '1. Applicant' },
    applicantForm([
      ['Employer Identification Number (EIN)', text('XX-XXXXXXX')],
      ['Unique Entity ID (SAM.gov)', text('12-character UEI')],
      ['Fiscal year end', text('Month and day')],
      ['Finance contact (name, email, phone)', text('Finance contact')],
    ]),
    { heading: '2. Statements enclosed' },
    {
      table: ['Fiscal year', 'Period covered', 'Audit firm', 'Date of auditor\u2019s report', 'Opinion', 'Pages'],
      widths: [19, 19, 19, 15, 16, 12],
      rows: FISCAL_YEARS.map((fy) => [fy, text('MM/DD/YYYY \u2013 MM/DD/YYYY'), text('Audit firm'), date('Report date'), choice('Opinion', OPINIONS), text('Pages')]),
    },
    { heading: '3. Independent auditor' },
    {
      form: [
        ['Audit firm', text('Name of the audit firm')],
        ['State of licensure and license number', text('State, license number')],
        ['Engagement partner', text('Name of the engagement partner')],
        ['Email and phone', text('Email, phone')],
        ['Date of the firm\u2019s latest peer review', date('Peer review date')],
      ],
    },
    { heading: '4. Key figures (US dollars, from the audited statements)' },
    {
      table: ['Item', 'Most recent FY', 'Prior FY', 'Second prior FY'],
      widths: [34, 22, 22, 22],
      rows: [
        'Total assets',
        'Total liabilities',
        'Net assets / equity',
        'Cash and cash equivalents',
        'Total revenue',
        'Net income (loss)',
        'Long-term debt',
        'Current ratio (current assets / current liabilities)',
      ].map((item) => [item, text('$'), text('$'), text('$')]),
    },
    { heading: '5. Matters the office should know' },
    { para: ['Check every box that applies to any of the three years:'] },
    {
      checks: [
        'The auditor\u2019s report contains a going-concern paragraph.',
        'The auditor reported a material weakness in internal control.',
        'Prior-year statements were restated.',
        'A subsequent event affects the entity\u2019s ability to provide the matching funds.',
        'None of the above.',
      ],
    },
    { para: [long('If any box other than "None of the above" is checked, explain here')] },
    { heading: '6. Certification' },
    {
      para: [
        'I certify that the statements enclosed are complete and true copies of the audited financial statements of the applicant for the years listed, and that the figures in part 4 agree with them.',
      ],
    },
    signatureForm('chief financial officer or authorised officer'),
  ],
};

const letterOfCredit: TemplateDoc = {
  title: 'Letter of Credit Commitment Letter',
  subject: 'BEAD Round 1 subgrant application, question 42',
  blocks: [
    { title: 'Letter of Credit Commitment Letter', subtitle: 'Template \u2014 BEAD Round 1 subgrant application, Financial Capability, question 42' },
    {
      note: [
        'How to use this template: the issuing bank prints this letter on its letterhead, completes the grey [bracketed] fields and has an authorised officer sign it.',
        'The bank must be insured by the FDIC, or the credit union by the NCUA, and meet the rating the round\u2019s guidance requires.',
        'Do not change the commitment terms without the office\u2019s written agreement. Delete the title and this box before printing. Upload the signed letter to question 42.',
      ],
    },
    { para: [text('Bank letterhead')] },
    { para: [date('Date of the letter')] },
    { para: ['State Broadband Office'] },
    { para: [text('Office street address, city, state, ZIP code')] },
    { para: [{ bold: 'Re: Commitment to issue an irrevocable standby letter of credit \u2014 BEAD Round 1 subgrant application ' }, text('Application number')] },
    { para: ['To the State Broadband Office:'] },
    {
      para: [
        text('Bank legal name'), ' (the \u201cBank\u201d) commits to issue, on behalf of ', text('Applicant legal name'),
        ' (the \u201cApplicant\u201d), an irrevocable standby letter of credit in favour of the State Broadband Office (the \u201cBeneficiary\u201d) in the amount of US$',
        text('Amount'), ', being ', text('Percentage'), ' percent of the subgrant of US$', text('Subgrant amount'),
        ' requested for the project area ', text('Project area'), ', if the Applicant is selected for that subgrant.',
      ],
    },
    { para: ['The letter of credit will be issued on these terms:'] },
    {
      numbered: true,
      bullets: [
        ['It is issued within ', text('number'), ' days after the Applicant and the Beneficiary sign the subgrant agreement, and before the Applicant receives any subgrant funds.'],
        ['It is irrevocable, and stays in force until the Beneficiary certifies that the project has met its final deployment milestone.'],
        ['The Beneficiary may draw on it, in whole or in part, on presenting its written demand stating that the Applicant has failed to meet its obligations under the subgrant agreement.'],
        ['Its amount may be reduced only with the Beneficiary\u2019s written consent as the Applicant meets its deployment milestones.'],
        ['It is subject to the International Standby Practices (ISP98).'],
      ],
    },
    { heading: 'Issuing institution', level: 2 },
    {
      form: [
        ['Bank legal name', text('Bank legal name')],
        ['FDIC certificate or NCUA charter number', text('Certificate or charter number')],
        ['Credit rating, rating agency and date', text('Rating, agency, date')],
        ['Bank contact (name, email, phone)', text('Contact for the Beneficiary')],
      ],
    },
    { para: ['Sincerely,'] },
    signatureForm('authorised officer of the Bank'),
    { heading: 'Acknowledged by the Applicant', level: 2 },
    signatureForm('Applicant\u2019s authorised representative'),
  ],
};

const cybersecurityPlan: TemplateDoc = {
  title: 'Cybersecurity Risk Management Plan',
  subject: 'BEAD Round 1 subgrant application, question 80',
  blocks: [
    { title: 'Cybersecurity Risk Management Plan', subtitle: 'BEAD Round 1 subgrant application \u2014 Compliance & Certifications, question 80' },
    {
      note: [
        'How to use this template: complete every part for the network the application proposes, replacing the grey [bracketed] fields. Add rows as needed.',
        'The plan must reflect the NIST Cybersecurity Framework and include supply chain risk management. It must be in place before the network carries traffic, be reviewed at least once a year, and be given to the office on request.',
        'Describe controls, not secrets: leave out passwords, keys, IP addresses and vulnerability details. Upload the finished plan to question 80.',
      ],
    },
    { heading: '1. Applicant and plan' },
    applicantForm([
      ['Plan version', text('e.g. 1.0')],
      ['Plan owner (name, title)', text('Person accountable for the plan')],
      ['Date approved', date('Date approved')],
      ['Next review due', date('Next review date')],
    ]),
    { heading: '2. Scope: systems covered' },
    {
      table: ['System or asset', 'Function', 'Owner', 'Criticality'],
      widths: [30, 34, 18, 18],
      rows: [
        'Core and aggregation network',
        'Access network (OLTs, radios, nodes)',
        'Operations and business support systems (provisioning, billing)',
        'Customer premises equipment management',
        'Corporate IT, email and remote access',
        'Third-party and managed services',
      ].map((system) => [system, text('Function'), text('Owner'), choice('Criticality', ['High', 'Medium', 'Low'])]),
    },
    { heading: '3. Alignment with the NIST Cybersecurity Framework' },
    {
      table: ['Function', 'How the organisation meets it', 'Policy or evidence'],
      widths: [16, 54, 30],
      rows: [
        ['Govern', long('Roles, risk strategy, policies, oversight'), text('Reference')],
        ['Identify', long('Asset inventory, risk assessment, priorities'), text('Reference')],
        ['Protect', long('Access control, MFA, patching, training, data protection'), text('Reference')],
        ['Detect', long('Monitoring, logging, anomaly detection'), text('Reference')],
        ['Respond', long('Incident response plan, communication, analysis'), text('Reference')],
        ['Recover', long('Restoration, backups, lessons learned'), text('Reference')],
      ],
    },
    { heading: '4. Risk register' },
    {
      table: ['ID', 'Threat or weakness', 'Likelihood', 'Impact', 'Mitigation', 'Owner', 'Target date'],
      widths: [7, 22, 12, 12, 23, 12, 12],
      rows: [[
        'R-1', text('Threat'), choice('Likelihood', ['High', 'Medium', 'Low']), choice('Impact', ['High', 'Medium', 'Low']),
        text('Mitigation'), text('Owner'), date('Target date'),
      ]],
      blankRows: 5,
    },
    { heading: '5. Incident response' },
    {
      form: [
        ['Incident response lead (name, title)', text('Name, title')],
        ['24/7 security contact (phone, email)', text('Phone, email')],
        ['Who is notified, and how soon', long('Office, customers, CISA, law enforcement, insurers: timelines')],
        ['Date of the last tabletop exercise', date('Exercise date')],
      ],
    },
    { heading: '6. Supply chain risk management' },
    {
      checks: [
        'The network will not use equipment or services on the FCC Covered List (Secure and Trusted Communications Networks Act).',
        'Vendors of critical equipment and services are assessed before purchase and at least once a year after.',
        'Contracts require vendors to report security incidents and vulnerabilities affecting our network.',
        'Firmware and software come from verified sources and are kept under supported versions.',
      ],
    },
    { para: [long('How vendors and products are assessed (practices based on NIST SP 800-161 / NISTIR 8276)')] },
    { heading: '7. Review and attestation' },
    {
      para: [
        'I attest that this plan reflects the NIST Cybersecurity Framework and the applicant\u2019s supply chain risk management practices, that it will be put into practice before the network carries customer traffic, and that it will be reviewed and updated at least once a year and given to the State Broadband Office on request.',
      ],
    },
    signatureForm('applicant\u2019s authorised officer'),
  ],
};

/** The template of each templateFile the seed names. */
export const TEMPLATES: Record<string, TemplateDoc> = {
  'network-diagram-template.docx': networkDiagram,
  'audited-financial-statements-template.docx': auditedStatements,
  'letter-of-credit-commitment-template.docx': letterOfCredit,
  'cybersecurity-plan-template.docx': cybersecurityPlan,
};

/** The files the seed's questions name, each with its document. */
export function seedTemplates(): { file: string; doc: TemplateDoc }[] {
  const files = BEAD_ROUND_1_SECTIONS.flatMap((s) => s.questions).flatMap((q) => (q.hasTemplate && q.templateFile ? [q.templateFile] : []));
  return files.map((file) => {
    const doc = TEMPLATES[file];
    if (!doc) throw new Error(`No template written for ${file}: add it to TEMPLATES in scripts/make-templates.ts`);
    return { file, doc };
  });
}

function main() {
  fs.mkdirSync(TEMPLATES_DIR, { recursive: true });
  for (const { file, doc } of seedTemplates()) {
    const target = path.join(TEMPLATES_DIR, file);
    const bytes = docx(doc);
    fs.writeFileSync(target, bytes);
    console.log(`${path.relative(ROOT, target)} (${bytes.length} bytes)`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
