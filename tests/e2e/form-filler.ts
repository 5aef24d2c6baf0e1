// Answers every visible, editable question of a rendered form (application section or entity profile)
// the way a person would: by the question's type from the page itself (data-type on each question),
// with a valid value, leaving answers already given alone. Overrides by system number.
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export type Override = (box: Locator) => Promise<void>;

export function todayUs(): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

/** A small real PDF, so the document can be opened after upload. */
export function pdfFile(name: string) {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}

function textValue(responseType: string | null): string {
  switch (responseType) {
    case 'Currency': return '250000';
    case 'PhoneNumber': return '6085550142';
    case 'Email': return 'grants@journey.example.org';
    case 'Url': return 'https://journey.example.org';
    case 'Number': return '12';
    case 'Multiline': return 'A complete answer written for the journey test, with the facts a reviewer needs.';
    default: return 'Journey answer';
  }
}

function cellValue(label: string): string {
  if (/Application number/i.test(label)) return 'GA-ABC123';
  if (/License/i.test(label)) return 'LIC-42';
  if (/Quantity|%/i.test(label)) return '4';
  if (/cost|Amount/i.test(label)) return '1500';
  if (/Committed on|date/i.test(label)) return todayUs();
  return 'Filled in';
}

async function isEditable(box: Locator): Promise<boolean> {
  const control = box.locator('input:not([type="hidden"]), select, textarea').first();
  if ((await control.count()) === 0) return false;
  return (await control.isEnabled()) && (await control.getAttribute('readonly')) === null;
}

async function fillIfEmpty(control: Locator, value: string) {
  if ((await control.inputValue()) === '') await control.fill(value);
}

async function answer(box: Locator, type: string, responseType: string | null, systemNo: string, jsOn: boolean) {
  switch (type) {
    case 'Text': {
      const control = box.locator('input:not([type="hidden"]), textarea').first();
      await fillIfEmpty(control, textValue(responseType));
      break;
    }
    case 'Date':
      await fillIfEmpty(box.locator('input').first(), todayUs());
      break;
    case 'Dropdown': {
      const select = box.locator('select').first();
      if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
      break;
    }
    case 'Radio':
      // A radio group without an answer has its quiet "Not answered" choice (value "") checked.
      if ((await box.locator('input[type="radio"]:checked:not([value=""])').count()) === 0) await box.locator('input[type="radio"]:not([value=""])').first().check();
      break;
    case 'Checkbox':
      if ((await box.locator('input[type="checkbox"]:checked').count()) === 0) await box.locator('input[type="checkbox"]').first().check();
      break;
    case 'Address':
      await fillIfEmpty(box.getByLabel('Street address 1'), '101 Journey Road');
      await fillIfEmpty(box.getByLabel('City'), 'Madison');
      if ((await box.getByLabel('State').inputValue()) === '') await box.getByLabel('State').selectOption('Wisconsin');
      await fillIfEmpty(box.getByLabel('Zip code'), '53703');
      break;
    case 'Table': {
      const cells = box.locator('tbody input:not([type="hidden"]), tbody textarea, tbody select');
      for (let i = 0; i < (await cells.count()); i++) {
        const cell = cells.nth(i);
        const label = (await cell.getAttribute('aria-label')) ?? '';
        if ((await cell.evaluate((el) => el.tagName)) === 'SELECT') {
          if ((await cell.inputValue()) === '') await cell.selectOption({ index: 1 });
        } else {
          await fillIfEmpty(cell, cellValue(label));
        }
      }
      break;
    }
    case 'File': {
      if ((await box.getByTestId('file-link').count()) > 0) break;
      await box.locator('input[type="file"]').setInputFiles(pdfFile(`evidence-${systemNo}.pdf`));
      // With JavaScript the file is sent at once; without it, with the section's Save.
      if (jsOn) await expect(box.getByTestId('file-link')).toContainText(`evidence-${systemNo}.pdf`, { timeout: 20_000 });
      break;
    }
    default:
      break;
  }
}

/** Answers every visible editable question still unanswered; answers how many it looked at. */
export async function fillVisibleQuestions(page: Page, opts: { jsOn: boolean; overrides?: Record<string, Override> }): Promise<number> {
  const boxes = page.locator('[data-question][data-type]:not([hidden])');
  const n = await boxes.count();
  for (let i = 0; i < n; i++) {
    const box = boxes.nth(i);
    const systemNo = (await box.getAttribute('data-question'))!;
    const type = (await box.getAttribute('data-type'))!;
    if (type === 'Header' || !(await isEditable(box))) continue;
    const override = opts.overrides?.[systemNo];
    if (override) await override(box);
    else await answer(box, type, await box.getAttribute('data-response-type'), systemNo, opts.jsOn);
  }
  return n;
}
