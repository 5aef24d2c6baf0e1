// The messages' compose rules (spec 5 Messages; decision 037): one check for the browser, the route action and the API.
import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENTS, MESSAGE_CONTENT_MAX, MESSAGE_MSG, messageDraftErrors, messagesApplicationPath, subjectFrom, wholeSubject } from '../../domain/conversations';

describe('subjectFrom', () => {
  it.each([
    ['Engineering costs. Please break them out.', 'Engineering costs'],
    ['A question about the pole attachment agreements and their drafts', 'A question about the pole atta'],
    ['  Many   spaces\nand lines. Then more', 'Many spaces and lines'],
    ['.Leading dot only', '.Leading dot only'],
    ['No dot at all', 'No dot at all'],
  ])('%j → %j', (text, subject) => expect(subjectFrom(text)).toBe(subject));

  it('is at most 30 characters', () => expect(subjectFrom('x'.repeat(100))).toHaveLength(30));
});

describe('wholeSubject (issue 41 item 13)', () => {
  it('reads the whole subject line of the first message the stored subject was cut from', () => {
    expect(wholeSubject({ subject: 'A question about the pole atta', content: 'A question about the pole attachment agreements and their drafts. Which one?' }))
      .toBe('A question about the pole attachment agreements and their drafts');
    expect(wholeSubject({ subject: 'Many spaces and lines', content: '  Many   spaces\nand lines. Then more' })).toBe('Many spaces and lines');
  });
  it('keeps a subject the first message does not start with', () => {
    expect(wholeSubject({ subject: 'Engineering costs in the budget table', content: 'Please break out the engineering costs by phase.' }))
      .toBe('Engineering costs in the budget table');
    expect(wholeSubject({ subject: 'Budget', content: '' })).toBe('Budget');
  });
});

describe('messageDraftErrors', () => {
  const reply = (content: string, fileNames: string[] = []) => messageDraftErrors({ kind: 'reply', content, fileNames });
  it('asks a new message for an application and text', () => {
    expect(messageDraftErrors({ kind: 'new', content: ' ', applicationId: '', fileNames: ['a.pdf'] })).toEqual({
      applicationId: MESSAGE_MSG.applicationRequired, content: MESSAGE_MSG.contentRequired,
    });
    expect(messageDraftErrors({ kind: 'new', content: 'Hello', applicationId: 'GA-LKV002', fileNames: [] })).toEqual({});
  });
  it('takes a reply with text or a file', () => {
    expect(reply('')).toEqual({ content: MESSAGE_MSG.contentOrAttachment });
    expect(reply('', ['a.pdf'])).toEqual({});
    expect(reply('Thanks')).toEqual({});
  });
  it('limits the text and the files, with spec 5 file messages', () => {
    expect(reply('x'.repeat(MESSAGE_CONTENT_MAX + 1))).toEqual({ content: MESSAGE_MSG.contentTooLong });
    expect(reply('x', Array.from({ length: MAX_ATTACHMENTS + 1 }, (_, i) => `f${i}.pdf`))).toEqual({ attachments: MESSAGE_MSG.tooManyAttachments });
    expect(reply('x', Array.from({ length: MAX_ATTACHMENTS }, (_, i) => `f${i}.pdf`))).toEqual({});
    expect(reply('x', ['ok.pdf', 'run.BAT'])).toEqual({ attachments: 'File type .bat is not allowed for security reasons' });
    expect(reply('x', ['notes.txt'])).toEqual({ attachments: 'Only pdf, doc, docx, xls, xlsx, xlsm, jpg, jpeg, png files are allowed' });
  });
});

it('links the conversation header per side (spec 2)', () => {
  expect(messagesApplicationPath('state', 'GA-LKV002')).toBe('/state/messages/review-application/GA-LKV002');
  expect(messagesApplicationPath('org', 'GA-LKV002')).toBe('/org/messages/bead-applcn/GA-LKV002');
});
