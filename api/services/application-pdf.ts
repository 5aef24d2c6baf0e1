// The printed application (spec 7 generate-pdf): a header with the application's facts, then every
// section (entity profile first) with its visible questions and their answers written for a person.
// Built-in Helvetica fonts only; 'Page n of m' in every footer.
// The layout pieces (openPdf, write, sectionHeading, writeAnswers, pageFooter…) are shared with the state review
// PDF (api/services/state-review-pdf.ts, decision 046), which streams and so numbers its pages without a total.
import type { ApplicationContent, ProgramQuestion } from './application-content';
import type { AnswerValue, TableColumn } from '../../domain/questions';
import { displayLevel, INDENT_PX_PER_LEVEL, isQuestionVisible } from '../../domain/validation';
import { answerText, cellDisplay, tableRows, totalsRow } from '../../domain/answer-text';
import { formatListDate } from '../../domain/dates';
import { statusLabel } from '../../domain/statuses';

export const PORTAL_NAME = 'Broadband Grants Portal';
export const NO_ANSWER = 'No answer';

export const MARGIN = 50;
const FOOTER_SPACE = 30;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const ITALIC = 'Helvetica-Oblique';
export const TEXT = '#1a1a1a';
export const MUTED = '#555555';
const RULE = '#b5b5b5';
export const SIZE = { portal: 10, title: 18, facts: 10, section: 13, header: 11, question: 9.5, answer: 9.5, table: 8.5, footer: 8 };

export type Doc = PDFKit.PDFDocument;

// ---------------------------------------------------------------------------------------------
// Answers as text
// ---------------------------------------------------------------------------------------------

/** The characters Helvetica can show (WinAnsi) beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the built-in fonts can draw: line breaks kept, tabs as spaces, anything outside WinAnsi
 * (emoji, other scripts) as '?', so the PDF never shows invisible glyphs.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
    const code = ch.codePointAt(0)!;
    const drawable = ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
    out += drawable ? ch : '?';
  }
  return out;
}

// Answers written for a person (addressText, answerText, tableRows, cellDisplay, totalsRow): domain/answer-text.ts,
// shared with the state's review screen.
export { addressText, answerText, cellDisplay, tableRows, totalsRow } from '../../domain/answer-text';

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** A new page when less than `height` is left on this one (keeps a label with its answer). */
export function keepTogether(doc: Doc, height: number) {
  if (doc.y + height > pageBottom(doc) && doc.y > doc.page.margins.top + 1) doc.addPage();
}

export function rule(doc: Doc, gap = 6) {
  const y = doc.y + gap / 2;
  doc.save().lineWidth(0.5).strokeColor(RULE).moveTo(MARGIN, y).lineTo(doc.page.width - MARGIN, y).stroke().restore();
  doc.y = y + gap / 2;
}

export function write(doc: Doc, text: string, opts: { x: number; font: string; size: number; color?: string; gapAfter?: number }) {
  doc.font(opts.font).fontSize(opts.size).fillColor(opts.color ?? TEXT);
  doc.text(pdfText(text), opts.x, doc.y, { width: doc.page.width - MARGIN - opts.x });
  if (opts.gapAfter) doc.y += opts.gapAfter;
}

/** Label: value lines (a document's facts), the labels in a column of `labelWidth`. */
export function factLines(doc: Doc, facts: readonly (readonly [string, string])[], labelWidth = 80) {
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(BOLD).fontSize(SIZE.facts).fillColor(MUTED).text(`${label}:`, MARGIN, y, { width: labelWidth, lineBreak: false });
    doc.font(FONT).fontSize(SIZE.facts).fillColor(TEXT).text(pdfText(value || '-'), MARGIN + labelWidth, y, { width: contentWidth(doc) - labelWidth });
    doc.y += 1;
  }
}

/** The application's facts as the printed application heads them. */
export function applicationFacts(content: ApplicationContent): [string, string][] {
  const app = content.application;
  return [
    ['Programme', content.programName],
    ['Organization', content.organizationName],
    ['Status', statusLabel(app.status)],
    ['Submitted', formatListDate(app.submittedAt)],
    ['Project area', app.projectLocation ?? ''],
    ['Technology', app.technologyType ?? ''],
  ];
}

function titleBlock(doc: Doc, content: ApplicationContent) {
  write(doc, PORTAL_NAME, { x: MARGIN, font: BOLD, size: SIZE.portal, color: MUTED, gapAfter: 4 });
  write(doc, `Application ${content.application.id}`, { x: MARGIN, font: BOLD, size: SIZE.title, gapAfter: 6 });
  factLines(doc, applicationFacts(content));
  doc.y += 4;
  rule(doc, 10);
}

export function sectionHeading(doc: Doc, name: string) {
  keepTogether(doc, 60);
  doc.y += 6;
  write(doc, name, { x: MARGIN, font: BOLD, size: SIZE.section, gapAfter: 0 });
  rule(doc, 6);
}

function questionLabel(q: ProgramQuestion) {
  return `${q.systemNo}. ${q.text}`;
}

function drawTable(doc: Doc, x: number, columns: readonly TableColumn[], rows: string[][], totals: string[] | null) {
  const width = doc.page.width - MARGIN - x;
  // Long-text columns get twice the room of the others.
  const weights = columns.map((c) => (c.type === 'Multiline' ? 2 : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  // Amounts and counts line up on the right.
  const columnStyles = columns.map((c, i) => ({
    width: (width * weights[i]!) / sum,
    ...(c.type === 'Number' || c.type === 'Currency' ? { align: { x: 'right' as const, y: 'top' as const } } : {}),
  }));
  doc.font(FONT).fontSize(SIZE.table).fillColor(TEXT);
  const headerCell = (text: string) => ({ text: pdfText(text), font: { src: BOLD }, backgroundColor: '#eeeeee', type: 'TH' as const });
  const data: (string | PDFKit.Mixins.CellOptions)[][] = [
    columns.map((c) => headerCell(c.name)),
    ...rows.map((r) => r.map((cell, i) => pdfText(cellDisplay(columns[i]!, cell)))),
    ...(totals ? [totals.map((t) => ({ text: pdfText(t), font: { src: BOLD } }))] : []),
  ];
  keepTogether(doc, 40);
  doc.table({
    position: { x, y: doc.y },
    maxWidth: width,
    columnStyles,
    defaultStyle: { padding: [3, 4], border: 0.5, borderColor: '#999999' },
    data,
  });
  doc.x = MARGIN;
}

function question(doc: Doc, q: ProgramQuestion, value: AnswerValue | undefined) {
  const x = MARGIN + displayLevel(q.systemNo) * INDENT_PX_PER_LEVEL;
  const width = doc.page.width - MARGIN - x;
  const label = pdfText(questionLabel(q));

  if (q.type === 'Header') {
    doc.font(BOLD).fontSize(SIZE.header);
    keepTogether(doc, doc.heightOfString(label, { width }) + 40);
    doc.y += 4;
    write(doc, label, { x, font: BOLD, size: SIZE.header, gapAfter: 4 });
    return;
  }

  const columns = q.tableColumns ?? [];
  const rows = q.type === 'Table' ? tableRows(columns, value) : [];
  const text = q.type === 'Table' ? null : answerText(q, value ?? null);
  const shown = q.type === 'Table' && rows.length > 0 ? null : pdfText(text ?? NO_ANSWER);

  doc.font(BOLD).fontSize(SIZE.question);
  const labelHeight = doc.heightOfString(label, { width });
  doc.font(FONT).fontSize(SIZE.answer);
  const answerHeight = shown === null ? 30 : Math.min(doc.heightOfString(shown, { width }), 120);
  keepTogether(doc, labelHeight + answerHeight + 4);

  write(doc, label, { x, font: BOLD, size: SIZE.question, gapAfter: 1.5 });
  if (shown !== null) {
    const empty = text === null;
    write(doc, shown, { x, font: empty ? ITALIC : FONT, size: SIZE.answer, color: empty ? MUTED : TEXT });
  } else {
    drawTable(doc, x, columns, rows, q.additionalMetadata?.hasTotals ? totalsRow(columns, rows) : null);
  }
  doc.y += 7;
}

/** pdfkit's text state (not in its public types): kept across a footer drawn while text flows onto a new page. */
type TextState = { _font: unknown; _fontSize: number; _fillColor?: [PDFKit.Mixins.ColorValue, number?] };

/**
 * The footer of the current page: `left` and `right` (the page number) below the bottom margin. The cursor, font, size
 * and colour are kept, so it may be drawn from 'pageAdded' while a text continues onto the new page.
 */
export function pageFooter(doc: Doc, left: string, right: string) {
  const { x, y: atY } = doc;
  const state = doc as unknown as TextState;
  const kept = { font: state._font, size: state._fontSize, fill: state._fillColor };
  // Writing below the bottom margin would start a new page: lift the margin while drawing.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = doc.page.height - MARGIN + 12;
  doc.font(FONT).fontSize(SIZE.footer).fillColor(MUTED);
  doc.text(pdfText(left), MARGIN, y, { width: contentWidth(doc) / 2, lineBreak: false });
  doc.text(right, MARGIN + contentWidth(doc) / 2, y, { width: contentWidth(doc) / 2, align: 'right', lineBreak: false });
  doc.page.margins.bottom = bottom;
  doc.x = x;
  doc.y = atY;
  state._font = kept.font;
  state._fontSize = kept.size;
  if (kept.fill) doc.fillColor(...kept.fill);
}

function footers(doc: Doc, applicationId: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    pageFooter(doc, `Application ${applicationId}`, `Page ${i - range.start + 1} of ${range.count}`);
  }
}

/**
 * A new letter-size document with the portal's margins and metadata. `bufferPages`: pages are kept until the end
 * (the print's 'Page n of m'); without it each page is written out as soon as the next begins (a streamed PDF).
 */
export async function openPdf(opts: { title: string; author: string; bufferPages: boolean }): Promise<Doc> {
  // pdfkit (fonts, compression) is loaded by the first print, not by every start (docs/decisions/019).
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE - 10 },
    bufferPages: opts.bufferPages,
    info: { Title: opts.title, Author: opts.author, Creator: PORTAL_NAME },
    displayTitle: true,
    lang: 'en-US',
  });
}

/** One section with its visible questions and their answers. */
export function writeSection(doc: Doc, content: ApplicationContent, section: ApplicationContent['sections'][number]) {
  sectionHeading(doc, section.name);
  const visible = section.questions.filter((q) => isQuestionVisible(q, content.answersBySystemNo));
  if (visible.length === 0) write(doc, 'No questions to show.', { x: MARGIN, font: ITALIC, size: SIZE.answer, color: MUTED, gapAfter: 6 });
  for (const q of visible) question(doc, q, content.answersByQuestionId[q.id]);
}

/** Every section (entity profile first) with its visible questions and their answers. */
export function writeAnswers(doc: Doc, content: ApplicationContent) {
  for (const section of content.sections) writeSection(doc, content, section);
}

/** The application as a PDF. */
export async function renderApplicationPdf(content: ApplicationContent): Promise<Buffer> {
  const doc = await openPdf({ title: `Application ${content.application.id}`, author: content.organizationName, bufferPages: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      titleBlock(doc, content);
      writeAnswers(doc, content);
      footers(doc, content.application.id);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}
