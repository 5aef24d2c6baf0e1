// Messages, both sides (issue 11 item 9, docs/decisions/037): thread lists paged newest activity first, one thread
// with its messages and attachments, a new thread (organization users only) and replies with up to 5 files under
// spec 5's rules, read marks and the unread counts, signed attachment links, emails to the other side, the history
// entry, and the refusals: another organization's thread 404, roles without messages 403, state users never start one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAction } from '../../domain/history';
import { MESSAGE_FILE_EXTENSIONS, MESSAGE_MSG, subjectFrom } from '../../domain/conversations';
import { VALIDATION_MSG } from '../../domain/validation';
import { startTestApi, type TestApi } from './harness';
import { multipartForm } from './fixtures';

let api: TestApi;
const T: Record<string, string> = {};
const ORG: Record<string, string> = {};

type FileSpec = { name: string; bytes?: string };
/** POST messages as the browser's form would send it: the fields first, then the files. */
async function send(token: string, fields: Record<string, string | undefined>, files: FileSpec[] = []) {
  const form = multipartForm(fields, files.map((f) => ({ name: f.name, bytes: f.bytes ?? `%PDF-1.4 ${f.name}` })), { fileField: 'attachments' });
  return api.postForm('/api/v1/messages', form, token);
}
const unread = async (token: string) => (await api.call('/api/v1/messages/unread/count', { token })).body.total as number;
const threads = (token: string, query = '') => api.call(`/api/v1/messages/threads?page=1&limit=100${query}`, { token });
const thread = (token: string, id: string) => api.call(`/api/v1/messages/threads/${id}`, { token });
const outbox = async (email: string) => (await api.call(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`, { http: true })).body as { subject: string; text: string }[];

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  for (const [key, email] of Object.entries({
    admin: 'org.admin@example.org', staff: 'org.staff@example.org', summit: 'summit.admin@example.org',
    state: 'state.admin@example.gov', reviewer: 'state.reviewer@example.gov', ctcAdmin: 'ctc.admin@example.gov',
    rsmAdmin: 'rsm.admin@example.gov', financial: 'rsm.financial@example.gov',
  })) {
    const { token, user } = await api.signIn(email);
    T[key] = token;
    if (key === 'admin') for (const o of user.organizations) ORG[o.name.startsWith('Lakeview') ? 'lakeview' : 'summit'] = o.id;
  }
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('a conversation between an organization and the state', () => {
  let threadId = '';
  let firstMessageId = '';

  it('lists the seeded thread with its unread count, and the organization opens a new one about an application with a file', async () => {
    const seeded = await threads(T.admin!, `&organizationId=${ORG.lakeview}`);
    expect(seeded.status).toBe(200);
    expect(seeded.body).toMatchObject({ page: 1, limit: 100, total: 1, totalPages: 1 });
    // The seed: GA-LKV004 has passed gating (its status comes with the thread: the state links only what it opens).
    expect(seeded.body.threads[0]).toMatchObject({
      applicationId: 'GA-LKV004', applicationStatus: 'PASSED_GATING', organization: { legalName: 'Lakeview Fiber Cooperative' }, unreadCount: 1, direction: 'STATE_TO_ORG',
      lastMessage: { content: 'Thank you. We will update the budget table this week.' },
    });
    const stateBefore = await unread(T.state!);
    const text = 'Question about the pole attachment agreements. We have two drafts and would like to know which one the office prefers.';
    const sent = await send(T.staff!, { organizationId: ORG.lakeview, applicationId: 'gA-lkv002', content: text, subject: 'ignored' }, [{ name: 'poles.pdf' }]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message).toBe(MESSAGE_MSG.sent);
    threadId = sent.body.threadId;
    firstMessageId = sent.body.data.id;

    const list = await threads(T.admin!, `&organizationId=${ORG.lakeview}`);
    expect(list.body.total).toBe(2);
    // Newest activity first; the subject is the text before the first dot, at most 30 characters (spec 5).
    expect(list.body.threads[0]).toMatchObject({ id: threadId, applicationId: 'GA-LKV002', subject: subjectFrom(text), direction: 'ORG_TO_STATE', sender: { firstName: expect.any(String) } });
    expect(subjectFrom(text)).toBe('Question about the pole attach');
    expect(await unread(T.state!)).toBe(stateBefore + 1);
    // Every State_Admin hears of it.
    expect((await outbox('state.admin@example.gov'))[0]).toMatchObject({ subject: expect.stringContaining('New message about application GA-LKV002') });
    expect((await outbox('state.admin@example.gov'))[0]!.text).toContain(`/state/messages?thread=${threadId}`);
    // The organization's history shows it.
    const history = await api.call(`/api/v1/logged-actions/organization/${ORG.lakeview}?page=1&limit=5`, { token: T.admin });
    const entry = history.body.loggedActions.find((e: any) => e.action === 'MESSAGE_SENT');
    expect(entry).toBeTruthy();
    expect(describeAction(entry)).toBe(`Sent the State a message '${subjectFrom(text)}' about GA-LKV002 with the file poles.pdf`);
  });

  it('the state reads it, downloads the file, replies with two files; the badges move both ways and the organization is emailed', async () => {
    const stateBefore = await unread(T.state!);
    const open = await thread(T.state!, threadId);
    expect(open.status).toBe(200);
    expect(open.body.messages).toHaveLength(1);
    const [message] = open.body.messages;
    expect(message).toMatchObject({ id: firstMessageId, content: expect.stringContaining('pole attachment'), organizationId: ORG.lakeview, applicationId: 'GA-LKV002' });
    expect(message.attachments).toEqual([{ id: expect.any(String), fileName: 'poles.pdf', fileSize: expect.any(Number) }]);
    const link = await api.call(`/api/v1/messages/attachments/${message.attachments[0].id}?download`, { token: T.state });
    expect(link.status).toBe(200);
    const file = await fetch(new URL(link.body.data.url, api.baseUrl));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="poles.pdf"');
    expect(await file.text()).toBe('%PDF-1.4 poles.pdf');
    // A link signed for the attachment opens nothing else, and a forged one is refused.
    const forged = new URL(link.body.data.url, api.baseUrl);
    forged.searchParams.set('signature', '0'.repeat(64));
    expect((await fetch(forged)).status).toBe(403);

    const read = await api.call(`/api/v1/messages/${threadId}/read`, { token: T.state, method: 'POST' });
    expect(read.status).toBe(200);
    expect(await unread(T.state!)).toBe(stateBefore - 1);
    // Marking again changes nothing.
    await api.call(`/api/v1/messages/${threadId}/read`, { token: T.state, method: 'POST' });
    expect(await unread(T.state!)).toBe(stateBefore - 1);

    const orgBefore = await unread(T.admin!);
    const reply = await send(T.state!, { content: 'The second draft. See the notes.', replyToMessageId: firstMessageId }, [{ name: 'notes.docx' }, { name: 'map.png' }]);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ message: MESSAGE_MSG.replySent, threadId, data: { replyToMessageId: firstMessageId } });
    expect(await unread(T.admin!)).toBe(orgBefore + 1);
    expect(await unread(T.staff!)).toBeGreaterThan(0);
    // The state's own reply is not unread for it.
    expect(await unread(T.state!)).toBe(stateBefore - 1);
    for (const email of ['org.admin@example.org', 'org.staff@example.org']) {
      const [mail] = await outbox(email);
      expect(mail!.subject).toContain('New message about application GA-LKV002');
      expect(mail!.text).toContain('2 attachments');
      expect(mail!.text).toContain(`/org/messages?thread=${threadId}`);
    }
    const after = await thread(T.admin!, threadId);
    expect(after.body.messages.map((m: any) => m.attachments.length)).toEqual([1, 2]);
    expect(after.body.messages[1]).toMatchObject({ direction: 'STATE_TO_ORG', replyToMessageId: firstMessageId });
    expect(after.body.unreadCount).toBe(1);
    await api.call(`/api/v1/messages/${threadId}/read`, { token: T.admin, method: 'POST' });
    expect(await unread(T.admin!)).toBe(orgBefore);
  });

  it('refuses bad input with spec 5 messages and keeps nothing', async () => {
    const before = (await thread(T.admin!, threadId)).body.messages.length;
    const lists = (await threads(T.admin!, `&organizationId=${ORG.lakeview}`)).body.total;
    const cases: [Record<string, string | undefined>, FileSpec[], string, string][] = [
      [{ organizationId: ORG.lakeview, content: 'Hello' }, [], 'applicationId', MESSAGE_MSG.applicationRequired],
      [{ organizationId: ORG.lakeview, applicationId: 'GA-LKV002', content: '   ' }, [{ name: 'a.pdf' }], 'content', MESSAGE_MSG.contentRequired],
      [{ replyToMessageId: firstMessageId, content: '' }, [], 'content', MESSAGE_MSG.contentOrAttachment],
      [{ replyToMessageId: firstMessageId, content: 'x' }, [1, 2, 3, 4, 5, 6].map((n) => ({ name: `f${n}.pdf` })), 'attachments', MESSAGE_MSG.tooManyAttachments],
      [{ replyToMessageId: firstMessageId, content: 'x' }, [{ name: 'setup.exe' }], 'attachments', 'File type .exe is not allowed for security reasons'],
      [{ replyToMessageId: firstMessageId, content: 'x' }, [{ name: 'notes.txt' }], 'attachments', VALIDATION_MSG.messageFileNotAllowed(MESSAGE_FILE_EXTENSIONS.join(', '))],
      [{ replyToMessageId: firstMessageId, content: 'x' }, [{ name: 'empty.pdf', bytes: '' }], 'attachments', 'The file is empty.'],
      [{ replyToMessageId: firstMessageId, content: 'x'.repeat(5001) }, [], 'content', MESSAGE_MSG.contentTooLong],
    ];
    for (const [fields, files, field, message] of cases) {
      const res = await send(T.admin!, fields, files);
      expect(res.status, `${field} ${message}`).toBe(400);
      if (message !== 'The file is empty.') expect(res.body).toEqual({ message, errors: { [field]: [message] } });
    }
    expect(MESSAGE_MSG.tooManyAttachments).toContain('5');
    expect((await thread(T.admin!, threadId)).body.messages).toHaveLength(before);
    expect((await threads(T.admin!, `&organizationId=${ORG.lakeview}`)).body.total).toBe(lists);
    // Not a multipart form; a malformed list query; an unknown thread, message and attachment.
    expect((await api.call('/api/v1/messages', { token: T.admin, body: { content: 'hi' } })).status).toBe(400);
    expect((await threads(T.admin!, '&limit=10001')).status).toBe(400);
    expect((await threads(T.state!, '&organizationId=nope')).status).toBe(400);
    expect((await thread(T.admin!, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await thread(T.admin!, 'not-a-uuid')).status).toBe(404);
    expect((await send(T.admin!, { replyToMessageId: '00000000-0000-4000-8000-000000000000', content: 'x' })).status).toBe(404);
    expect((await api.call('/api/v1/messages/attachments/00000000-0000-4000-8000-000000000000', { token: T.admin })).status).toBe(404);
    expect((await send(T.admin!, { organizationId: ORG.lakeview, applicationId: 'GA-NOPE01', content: 'x' })).status).toBe(404);
  });

  it('refuses the wrong roles: another organization 404, roles without messages 403, state users never start a thread', async () => {
    const seededMessage = (await thread(T.state!, threadId)).body.messages[0];
    // Summit's admin is not a member of Lakeview.
    expect((await thread(T.summit!, threadId)).status).toBe(404);
    expect((await api.call(`/api/v1/messages/${threadId}/read`, { token: T.summit, method: 'POST' })).status).toBe(404);
    expect((await api.call(`/api/v1/messages/attachments/${seededMessage.attachments[0].id}`, { token: T.summit })).status).toBe(404);
    expect((await send(T.summit!, { replyToMessageId: firstMessageId, content: 'x' })).status).toBe(404);
    expect((await threads(T.summit!, `&organizationId=${ORG.lakeview}`)).status).toBe(404);
    // Summit's own list: the thread its admin opens here about its own application, and nothing of Lakeview's.
    const own = await send(T.summit!, { organizationId: ORG.summit, applicationId: 'GA-SMT002', content: 'Summit asks about its own application.' });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const summitList = (await threads(T.summit!)).body;
    expect(summitList.total).toBe(1);
    expect(summitList.threads.map((t: any) => [t.organizationId, t.applicationId, t.lastMessage.content])).toEqual([
      [ORG.summit, 'GA-SMT002', 'Summit asks about its own application.'],
    ]);
    // An application of another organization named under one's own: as unknown.
    expect((await send(T.summit!, { organizationId: ORG.summit, applicationId: 'GA-LKV002', content: 'x' })).status).toBe(404);
    expect((await send(T.summit!, { organizationId: ORG.lakeview, applicationId: 'GA-LKV002', content: 'x' })).status).toBe(404);
    // State users reply but never start.
    const start = await send(T.state!, { organizationId: ORG.lakeview, applicationId: 'GA-LKV002', content: 'Hello' });
    expect(start).toEqual({ status: 403, body: { message: MESSAGE_MSG.stateCannotStart } });
    // Reviewers, the RSM/CTC admins and the financial reviewer have no messages.
    for (const who of ['reviewer', 'ctcAdmin', 'rsmAdmin', 'financial']) {
      const token = T[who]!;
      expect((await threads(token)).status, who).toBe(403);
      expect((await thread(token, threadId)).status, who).toBe(403);
      expect((await api.call('/api/v1/messages/unread/count', { token })).status, who).toBe(403);
      expect((await api.call(`/api/v1/messages/attachments/${seededMessage.attachments[0].id}`, { token })).status, who).toBe(403);
      expect((await api.call(`/api/v1/messages/${threadId}/read`, { token, method: 'POST' })).status, who).toBe(403);
      expect((await send(token, { replyToMessageId: firstMessageId, content: 'x' })).status, who).toBe(403);
    }
  });

  it('takes two replies at once: both kept in order, the thread shows the later as its last message', async () => {
    const [a, b] = await Promise.all([
      send(T.admin!, { replyToMessageId: firstMessageId, content: 'First of two at once.' }),
      send(T.state!, { replyToMessageId: firstMessageId, content: 'Second of two at once.' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const after = (await thread(T.admin!, threadId)).body;
    const lastTwo = after.messages.slice(-2);
    expect(lastTwo.map((m: any) => m.content).sort()).toEqual(['First of two at once.', 'Second of two at once.']);
    expect(after.lastMessage.id).toBe(lastTwo[1].id);
    // Read marks at once with a reply never move back.
    await Promise.all([
      api.call(`/api/v1/messages/${threadId}/read`, { token: T.admin, method: 'POST' }),
      api.call(`/api/v1/messages/${threadId}/read`, { token: T.admin, method: 'POST' }),
    ]);
    expect((await thread(T.admin!, threadId)).body.unreadCount).toBe(0);
  });

  it('pages the state list in SQL, newest activity first, and filters by organization', async () => {
    await send(T.summit!, { organizationId: ORG.summit, applicationId: 'GA-SMT002', content: 'Summit here. A question on the match.' });
    const all = await threads(T.state!);
    // Lakeview's seeded thread and the one its staff opened; Summit's opened in the refusals test and this one.
    expect(all.body.total).toBe(4);
    const stamps = all.body.threads.map((t: any) => t.lastMessageAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(all.body.threads[0].organization.legalName).toBe('Summit Rural Telephone');
    const page2 = await api.call('/api/v1/messages/threads?page=2&limit=1', { token: T.state });
    expect(page2.body).toMatchObject({ page: 2, limit: 1, total: 4, totalPages: 4 });
    expect(page2.body.threads[0].id).toBe(all.body.threads[1].id);
    const lakeview = await threads(T.state!, `&organizationId=${ORG.lakeview}`);
    expect(lakeview.body.total).toBe(2);
    expect(lakeview.body.threads.every((t: any) => t.organizationId === ORG.lakeview)).toBe(true);
    // The organization admin who is also Summit's staff sees Summit's two threads under Summit only.
    const asStaff = await threads(T.admin!, `&organizationId=${ORG.summit}`);
    expect(asStaff.body.total).toBe(2);
    expect(asStaff.body.threads.map((t: any) => t.organizationId)).toEqual([ORG.summit, ORG.summit]);
  });
});
