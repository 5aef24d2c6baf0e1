// Form fields ↔ answers for File questions: the attached document rides in hidden fields, a chosen
// file is picked out only when it has content, Remove is an intent; the shared file rule. Radio questions: an
// unanswered one renders a checked "Not answered" (value '') that reads as no answer.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { answersFromForm, chosenFiles, fieldName, fileInputName, formFromAnswers, partName, removeFileIntent } from '../../app/utils/question-form';
import { NOT_ANSWERED, QuestionField } from '../../app/components/question-field';
import { validateAnswer, validateAnswerFile, VALIDATION_MSG, MAX_UPLOAD_BYTES } from '../../domain/validation';
import type { QuestionDef } from '../../domain/questions';

const file = { id: 'f1', systemNo: '31', text: 'Network diagram', type: 'File', mandatory: true } as unknown as QuestionDef;
const locked = { ...file, id: 'f2', systemNo: '32', readOnly: true } as unknown as QuestionDef;

describe('File answers in a form', () => {
  it('reads the attached document from its hidden fields, and none when empty', () => {
    const form = new FormData();
    form.set(partName('f1', 'documentId'), 'doc-1');
    form.set(partName('f1', 'fileName'), 'diagram.pdf');
    expect(answersFromForm([file], form)).toEqual({ f1: { documentId: 'doc-1', fileName: 'diagram.pdf' } });
    expect(answersFromForm([file], new FormData())).toEqual({ f1: null });
  });

  it('skips read-only File questions', () => {
    const form = new FormData();
    form.set(partName('f2', 'documentId'), 'doc-2');
    expect(answersFromForm([locked], form)).toEqual({});
  });

  it('picks chosen files with content only', () => {
    const form = new FormData();
    form.set(fileInputName('f1'), new File(['%PDF-1.4'], 'diagram.pdf', { type: 'application/pdf' }));
    form.set(fileInputName('f2'), new File(['x'], 'other.pdf'));
    const chosen = chosenFiles([file, locked], form);
    expect([...chosen.keys()]).toEqual(['f1']);
    expect(chosen.get('f1')!.name).toBe('diagram.pdf');
    const empty = new FormData();
    empty.set(fileInputName('f1'), new File([], ''));
    expect(chosenFiles([file], empty).size).toBe(0);
  });

  it('knows the remove intent', () => {
    expect(removeFileIntent('remove-file:f1')).toBe('f1');
    expect(removeFileIntent('save')).toBeNull();
    expect(removeFileIntent('remove-row:f1:0')).toBeNull();
    expect(removeFileIntent(null)).toBeNull();
  });
});

describe('validateAnswerFile', () => {
  it('refuses blocked types first, then types outside the document list, then size', () => {
    expect(validateAnswerFile('setup.exe', 10)).toBe(VALIDATION_MSG.fileTypeBlocked);
    expect(validateAnswerFile('script.PS1', 10)).toBe(VALIDATION_MSG.fileTypeBlocked);
    expect(validateAnswerFile('notes.txt', 10)).toBe(VALIDATION_MSG.documentTypeInvalid);
    expect(validateAnswerFile('diagram.pdf', MAX_UPLOAD_BYTES + 1)).toBe(VALIDATION_MSG.fileTooLarge);
    expect(validateAnswerFile('diagram.pdf', 5, 4)).toBe(VALIDATION_MSG.fileTooLarge);
  });
  it('accepts the document types within the limit', () => {
    for (const name of ['a.pdf', 'b.DOCX', 'c.xlsx', 'd.xlsm', 'e.jpeg', 'f.png']) expect(validateAnswerFile(name, 1024)).toBeNull();
    expect(validateAnswerFile('diagram.pdf', MAX_UPLOAD_BYTES)).toBeNull();
  });
});

// ---- a radio question without an answer (issue 9 item 17: lynx saved an unanswered question as its first option) ----

const radio = {
  id: 'r1', systemNo: '23', text: 'Will the project serve every location?', type: 'Radio', mandatory: true, readOnly: false,
  responseOptions: [{ id: 1, name: 'Yes' }, { id: 2, name: 'No' }], additionalMetadata: null, dependentSystemNo: null,
} as unknown as QuestionDef;

describe('Radio answers in a form', () => {
  it('renders a checked, empty "Not answered" choice when unanswered, and the answer checked when answered', () => {
    const unanswered = renderToStaticMarkup(createElement(QuestionField, { question: radio, value: null, disabled: false, mandatory: true }));
    const inputs = [...unanswered.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(inputs).toHaveLength(3);
    expect(inputs.filter((i) => / checked=""/.test(i))).toEqual([expect.stringContaining('value=""')]);
    expect(unanswered).toContain(NOT_ANSWERED);
    const answered = renderToStaticMarkup(createElement(QuestionField, { question: radio, value: 'No', disabled: false, mandatory: true }));
    expect([...answered.matchAll(/<input[^>]*checked=""[^>]*>/g)].map((m) => m[0])).toEqual([expect.stringContaining('value="No"')]);
  });

  it('reads "Not answered" as no answer: required on a mandatory question, fine on an optional one', () => {
    const form = new FormData();
    form.set(fieldName('r1'), '');
    const answers = answersFromForm([radio], form);
    expect(answers).toEqual({ r1: '' });
    expect(validateAnswer(radio, answers.r1, { context: 'application', answersBySystemNo: {} })).toBe(VALIDATION_MSG.required);
    expect(validateAnswer({ ...radio, mandatory: false }, answers.r1, { context: 'application', answersBySystemNo: {} })).toBeNull();
    form.set(fieldName('r1'), 'Yes');
    expect(answersFromForm([radio], form)).toEqual({ r1: 'Yes' });
  });
});

describe('formFromAnswers: the fields a whole section posts (the autosave rhythm of npm run bench:load)', () => {
  const text = { id: 't1', systemNo: '40', text: 'Narrative', type: 'TextArea' } as unknown as QuestionDef;
  const boxes = { id: 'c1', systemNo: '41', text: 'Services', type: 'Checkbox' } as unknown as QuestionDef;
  const where = { id: 'a1', systemNo: '42', text: 'Office', type: 'Address' } as unknown as QuestionDef;
  const rows = { id: 'b1', systemNo: '43', text: 'Budget', type: 'Table', tableColumns: [{ name: 'Item' }, { name: 'Cost Share' }] } as unknown as QuestionDef;
  const heading = { id: 'h1', systemNo: '44', text: 'Part B', type: 'Header' } as unknown as QuestionDef;

  it('writes each type as the renderer names its fields, and skips headers and read-only questions', () => {
    const fields = formFromAnswers([text, boxes, where, rows, file, locked, heading], {
      t1: 'Two farms', c1: ['Voice', 'Data'], a1: { country: 'United States', street_address_1: '1 Main St', street_address_2: '', city: 'Madison', state: 'WI', zip: '53703' },
      b1: [{ item: 'Poles', cost_share: '12' }], f1: { documentId: 'doc-1', fileName: 'diagram.pdf' }, f2: { documentId: 'doc-2', fileName: 'x.pdf' },
    });
    expect(fields).toEqual([
      ['q.t1', 'Two farms'],
      ['q.c1', 'Voice'], ['q.c1', 'Data'],
      ['q.a1.street_address_1', '1 Main St'], ['q.a1.street_address_2', ''], ['q.a1.city', 'Madison'], ['q.a1.state', 'WI'], ['q.a1.zip', '53703'],
      ['q.b1.__rows', '1'], ['q.b1.0.item', 'Poles'], ['q.b1.0.cost_share', '12'],
      ['q.f1.documentId', 'doc-1'], ['q.f1.fileName', 'diagram.pdf'],
    ]);
  });

  it('reads back as the same answers; no answer writes empty fields that read as none', () => {
    const form = new FormData();
    for (const [name, value] of formFromAnswers([text, boxes, file], { t1: 'Two farms', c1: ['Voice'], f1: null })) form.append(name, value);
    expect(answersFromForm([text, boxes, file], form)).toEqual({ t1: 'Two farms', c1: ['Voice'], f1: null });
  });
});
