// Question answers as form fields, both ways: the names the renderer writes and the parse of a
// submitted form back into answers. Runs in the browser and on the server (FormData is in both).
import { columnKey, DEFAULT_COUNTRY, type AnswerValue, type QuestionDef } from '../../domain/questions';
import { normalizeAnswers } from '../../domain/format';

export const fieldName = (questionId: string) => `q.${questionId}`;
export const partName = (questionId: string, part: string) => `q.${questionId}.${part}`;
export const cellName = (questionId: string, row: number, key: string) => `q.${questionId}.${row}.${key}`;
export const rowCountName = (questionId: string) => `q.${questionId}.__rows`;
/** The file input of a File question (a new file to upload); the current answer rides in partName(id, 'documentId'). */
export const fileInputName = (questionId: string) => `file.${questionId}`;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The answers a submitted form holds for these questions (read-only and header questions skipped). */
export function answersFromForm(questions: readonly QuestionDef[], form: FormData): Record<string, AnswerValue> {
  const result: Record<string, AnswerValue> = {};
  for (const q of questions) {
    if (q.type === 'Header' || q.readOnly) continue;
    switch (q.type) {
      case 'File': {
        // The document already attached (hidden fields); the server checks it belongs to the organization.
        const documentId = text(form, partName(q.id, 'documentId')).trim();
        // Or a file held from a save that failed (docs/decisions/022), promoted to a document by the next save.
        const pendingUploadId = documentId ? '' : text(form, partName(q.id, 'pendingUploadId')).trim();
        const fileName = text(form, partName(q.id, 'fileName'));
        result[q.id] = documentId ? { documentId, fileName } : pendingUploadId ? { documentId: '', fileName, pendingUploadId } : null;
        break;
      }
      case 'Checkbox':
        result[q.id] = form.getAll(fieldName(q.id)).filter((v): v is string => typeof v === 'string');
        break;
      case 'Address': {
        const part = (p: string) => text(form, partName(q.id, p)).trim();
        const address = {
          country: DEFAULT_COUNTRY,
          street_address_1: part('street_address_1'),
          street_address_2: part('street_address_2'),
          city: part('city'),
          state: part('state'),
          zip: part('zip').replace(/\D/g, ''),
        };
        const empty = !address.street_address_1 && !address.street_address_2 && !address.city && !address.state && !address.zip;
        result[q.id] = empty ? null : address;
        break;
      }
      case 'Table': {
        const count = Math.min(200, Math.max(0, Number(text(form, rowCountName(q.id))) || 0));
        const rows: Record<string, string>[] = [];
        for (let i = 0; i < count; i++) {
          const row: Record<string, string> = {};
          for (const column of q.tableColumns ?? []) row[columnKey(column.name)] = text(form, cellName(q.id, i, columnKey(column.name))).trim();
          rows.push(row);
        }
        result[q.id] = rows;
        break;
      }
      default:
        result[q.id] = text(form, fieldName(q.id));
    }
  }
  // Amounts, phone numbers and zips arrive as displayed ('1,234.50', '(608) 555-0100'); they are stored plain.
  return normalizeAnswers(questions, result);
}

/**
 * The other way: the form fields that hold these answers, as the renderer writes them (read-only and header questions
 * have none). answersFromForm(questions, formFromAnswers(questions, answers)) gives the answers back; a script that
 * posts a whole section as the browser would (npm run bench:load's autosave) builds its form with it.
 */
export function formFromAnswers(questions: readonly QuestionDef[], answers: Record<string, AnswerValue>): [string, string][] {
  const fields: [string, string][] = [];
  for (const q of questions) {
    if (q.type === 'Header' || q.readOnly) continue;
    const value = answers[q.id] ?? null;
    switch (q.type) {
      case 'File': {
        const file = value && typeof value === 'object' && !Array.isArray(value) && 'fileName' in value ? value : null;
        if (file?.documentId) fields.push([partName(q.id, 'documentId'), file.documentId], [partName(q.id, 'fileName'), file.fileName]);
        break;
      }
      case 'Checkbox':
        for (const choice of Array.isArray(value) ? value : []) if (typeof choice === 'string') fields.push([fieldName(q.id), choice]);
        break;
      case 'Address': {
        const address = value && typeof value === 'object' && !Array.isArray(value) && 'city' in value ? value : null;
        for (const key of ['street_address_1', 'street_address_2', 'city', 'state', 'zip'] as const) fields.push([partName(q.id, key), address?.[key] ?? '']);
        break;
      }
      case 'Table': {
        const rows = Array.isArray(value) ? (value as Record<string, string>[]) : [];
        fields.push([rowCountName(q.id), String(rows.length)]);
        rows.forEach((row, i) => {
          for (const column of q.tableColumns ?? []) fields.push([cellName(q.id, i, columnKey(column.name)), row[columnKey(column.name)] ?? '']);
        });
        break;
      }
      default:
        fields.push([fieldName(q.id), typeof value === 'string' ? value : '']);
    }
  }
  return fields;
}

/** Files chosen in the form's File questions (non-empty parts only), by question id. */
export function chosenFiles(questions: readonly QuestionDef[], form: FormData): Map<string, File> {
  const files = new Map<string, File>();
  for (const q of questions) {
    if (q.type !== 'File' || q.readOnly) continue;
    const value = form.get(fileInputName(q.id));
    if (value && typeof value === 'object' && 'size' in value && value.size > 0 && value.name) files.set(q.id, value as File);
  }
  return files;
}

/** A file question's remove intent ('remove-file:{questionId}'). */
export function removeFileIntent(intent: string | null): string | null {
  const match = /^remove-file:([^:]+)$/.exec(intent ?? '');
  return match ? match[1]! : null;
}

/** 'Choose from Documents Library' on a File question: save the section, then open the library dialog (decision 036). */
export function libraryIntent(intent: string | null): string | null {
  const match = /^library:([^:]+)$/.exec(intent ?? '');
  return match ? match[1]! : null;
}

/** The library dialog's own post: the chosen document answers that File question (decision 036). */
export function chooseFileIntent(intent: string | null): string | null {
  const match = /^choose-file:([^:]+)$/.exec(intent ?? '');
  return match ? match[1]! : null;
}

/** The intents a form may carry besides saving: add or remove a table row (works without JavaScript). */
export function tableIntent(intent: string | null): { kind: 'add' | 'remove'; questionId: string; row: number } | null {
  const match = /^(add|remove)-row:([^:]+)(?::(\d+))?$/.exec(intent ?? '');
  if (!match) return null;
  return { kind: match[1] as 'add' | 'remove', questionId: match[2]!, row: Number(match[3] ?? -1) };
}

/** Applies a table intent to answers (a new empty row, or one row removed). */
export function applyTableIntent(
  questions: readonly QuestionDef[],
  answers: Record<string, AnswerValue>,
  intent: NonNullable<ReturnType<typeof tableIntent>>,
): Record<string, AnswerValue> {
  const q = questions.find((x) => x.id === intent.questionId && x.type === 'Table');
  if (!q) return answers;
  const rows = Array.isArray(answers[q.id]) ? [...(answers[q.id] as Record<string, string>[])] : [];
  if (intent.kind === 'add') rows.push(Object.fromEntries((q.tableColumns ?? []).map((c) => [columnKey(c.name), ''])));
  else if (intent.row >= 0 && intent.row < rows.length) rows.splice(intent.row, 1);
  return { ...answers, [q.id]: rows };
}
