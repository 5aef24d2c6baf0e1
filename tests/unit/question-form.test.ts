// Form fields ↔ answers for File questions: the attached document rides in hidden fields, a chosen
// file is picked out only when it has content, Remove is an intent; the shared file rule. Radio questions: an
// unanswered one renders a checked "Not answered" (value '') that reads as no answer.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { answersFromForm, chosenFiles, fieldName, fileInputName, partName, removeFileIntent } from '../../app/utils/question-form';
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
