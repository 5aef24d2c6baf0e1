// Notifications (issue 10 item 6): a status move emails the organization's active admins, an assignment emails
// the reviewer. Through the development outbox (readOutbox) and through real SMTP: an smtp-server on 127.0.0.1
// receives what the portal's own smtp mailer (server/portal.ts apiContext with SMTP_URL) sends.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import { applications, memberships, organizations, outbox, reviewAssignments, sections, users } from '../../api/db/schema';
import { readOutbox } from '../../api/mail';
import { notifyAssignment, notifyStatusMove } from '../../api/services/notifications';
import type { ApiContext } from '../../api/context';
import { apiContext } from '../../server/portal';
import { readEnv } from '../../server/env';
import { startTestApi, type TestApi } from './harness';

interface Received {
  from: string;
  to: string[];
  headers: Record<string, string>;
  text: string;
}

/** The headers (unfolded, encoded words decoded) and the text body (quoted-printable or base64 decoded) of a raw message. */
function parseMessage(raw: string): Pick<Received, 'headers' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
      .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) => (enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1')).toString('utf8'));
  }
  let body = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { headers, text: body.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

const REFUSED = 'refused.admin@example.org';
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];
let api: TestApi;
let lakeviewId: string;
const logged: string[] = [];

/** The context the portal builds from its environment, with SMTP_URL pointing at the test's server (or not). */
function contextWith(vars: Record<string, string>): ApiContext {
  const env = readEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-test-data', SESSION_SECRET: 'test-secret-test-secret-test-secret', ...vars });
  return { ...apiContext(env, api.database, 'test-secret-test-secret-test-secret'), log: (message) => logged.push(message) };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  api = await startTestApi();
  const db = api.database.db;
  const [lakeview] = await db.select().from(organizations).where(eq(organizations.legalName, 'Lakeview Fiber Cooperative'));
  lakeviewId = lakeview!.id;
  // Admins of Lakeview besides org.admin@example.org: one active, one whose account is off, one whose membership
  // is off, one the SMTP server refuses; and a staff member, who is not an admin.
  const extra = await db.insert(users).values([
    { email: 'second.admin@example.org', firstName: 'Second', lastName: 'Admin', roleType: 'org' },
    { email: 'former.admin@example.org', firstName: 'Former', lastName: 'Admin', roleType: 'org', status: 'inactive' },
    { email: 'paused.admin@example.org', firstName: 'Paused', lastName: 'Admin', roleType: 'org' },
    { email: REFUSED, firstName: 'Refused', lastName: 'Admin', roleType: 'org' },
  ]).returning({ id: users.id, email: users.email });
  await db.insert(memberships).values(extra.map((u) => ({
    userId: u.id, organizationId: lakeviewId, role: 'Organization_Admin', status: u.email.startsWith('paused') ? 'inactive' : 'active',
  })));
}, 120_000);

afterAll(async () => {
  await api?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function lakeviewApplication(): Promise<string> {
  const [app] = await api.database.db.select({ id: applications.id }).from(applications)
    .where(and(eq(applications.organizationId, lakeviewId), eq(applications.status, 'SUBMITTED')));
  return app!.id;
}

describe('a status move, through real SMTP', () => {
  it('emails each active admin of the organization (not inactive accounts or memberships, not staff) with the status, reason, comments and link', async () => {
    received.length = 0;
    logged.length = 0;
    const id = await lakeviewApplication();
    const ctx = contextWith({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PORTAL_URL: 'https://grants.example.gov/portal/', MAIL_FROM: 'Portal <portal@example.gov>' });
    expect(ctx.mailer.kind).toBe('smtp');
    const result = await notifyStatusMove(ctx, {
      applicationId: id, fromStatus: 'GATING_IN_STATE_CONSENSUS', toStatus: 'REJECTED', reasonId: 5, comments: 'Gating questions 41 and 43 failed in consensus — see the notes.',
    });
    // The refused address fails alone, is logged, and does not stop the others.
    expect(result).toEqual({ sent: 2, failed: 1 });
    expect(logged).toEqual([expect.stringContaining(`to ${REFUSED}`)]);
    expect(received.map((m) => m.to).sort()).toEqual([['org.admin@example.org'], ['second.admin@example.org']]);
    const mail = received.find((m) => m.to[0] === 'org.admin@example.org')!;
    expect(mail.from).toBe('portal@example.gov');
    expect(mail.headers.subject).toBe(`Application ${id} is now Rejected`);
    expect(mail.text).toContain('Hello Olivia,');
    expect(mail.text).toContain(`Application ${id} of Lakeview Fiber Cooperative is now Rejected (it was Gating In State Consensus).`);
    expect(mail.text).toContain('Reason: Did not meet Gating criteria.');
    expect(mail.text).toContain('Comments from the state office:\nGating questions 41 and 43 failed in consensus — see the notes.');
    expect(mail.text).toContain(`Open the application: https://grants.example.gov/portal/org/applications/bead-applcn/${id}`);
  });

  it('lists the reopened sections of a revision, in form order, and asks for the resubmit', async () => {
    received.length = 0;
    const id = await lakeviewApplication();
    const all = await api.database.db.select().from(sections).orderBy(sections.displayOrder);
    const reopened = [all[4]!, all[1]!];
    const ctx = contextWith({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    await notifyStatusMove(ctx, {
      applicationId: id, fromStatus: 'TECHNICAL_REVIEW', toStatus: 'REVISION_NEEDED', sectionIds: reopened.map((s) => s.id), comments: 'Please add the splice plan.',
    });
    const mail = received.find((m) => m.to[0] === 'second.admin@example.org')!;
    expect(mail.headers.subject).toBe(`Application ${id} is now Revision Needed`);
    expect(mail.text).toContain(`Sections reopened for your changes:\n- ${all[1]!.name}\n- ${all[4]!.name}`);
    expect(mail.text).toContain('Update the reopened sections, then resubmit the application.');
    // A revision's comments are written to the applicant (decision 092).
    expect(mail.text).toContain('Comments from the state office:\nPlease add the splice plan.');
    // PORTAL_URL unset: the local address the portal listens on.
    expect(mail.text).toContain(`Open the application: http://localhost:3000/org/applications/bead-applcn/${id}`);
  });

  it('logs and returns when the SMTP server cannot be reached: the caller\'s move stands', async () => {
    logged.length = 0;
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS'], authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const ctx = contextWith({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const result = await notifyStatusMove(ctx, { applicationId: await lakeviewApplication(), fromStatus: 'SUBMITTED', toStatus: 'GATING_REVIEW' });
    expect(result).toEqual({ sent: 0, failed: 3 });
    expect(logged).toHaveLength(3);
  });
});

describe('an assignment, through real SMTP', () => {
  it('emails each newly assigned reviewer with the stage and a link to the review page', async () => {
    received.length = 0;
    const db = api.database.db;
    const id = await lakeviewApplication();
    const reviewers = await db.select().from(users).where(eq(users.email, 'rsm.reviewer@example.gov'));
    const [ctcReviewer] = await db.select().from(users).where(eq(users.email, 'ctc.reviewer@example.gov'));
    await db.insert(reviewAssignments).values([
      { applicationId: id, reviewerId: reviewers[0]!.id, reviewerType: 'RSM_REVIEWER' },
      { applicationId: id, reviewerId: ctcReviewer!.id, reviewerType: 'CTC_REVIEWER' },
    ]);
    const ctx = contextWith({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PORTAL_URL: 'https://grants.example.gov' });
    // Only the reviewer named as newly assigned is told.
    expect(await notifyAssignment(ctx, { applicationId: id, reviewerIds: [reviewers[0]!.id] })).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(['rsm.reviewer@example.gov']);
    expect(mail!.headers.subject).toBe(`You are assigned to the gating review of application ${id}`);
    expect(mail!.text).toContain('Hello Ravi,');
    expect(mail!.text).toMatch(new RegExp(`gating review of application ${id} \\(Lakeview Fiber Cooperative, project area [^)]+\\)\\.`));
    expect(mail!.text).toContain(`Open the application: https://grants.example.gov/state/applications/review-application/${id}`);
    await db.delete(reviewAssignments).where(eq(reviewAssignments.applicationId, id));
  });
});

describe('through the development outbox (SMTP_URL unset)', () => {
  it('keeps one email per active admin in the outbox, readable by readOutbox', async () => {
    const db = api.database.db;
    await db.delete(outbox);
    const ctx = contextWith({});
    expect(ctx.mailer.kind).toBe('outbox');
    const id = await lakeviewApplication();
    expect(await notifyStatusMove(ctx, { applicationId: id, fromStatus: 'SUBMITTED', toStatus: 'GATING_REVIEW', comments: 'Starting the gating review.' }))
      .toEqual({ sent: 3, failed: 0 });
    const [mail] = await readOutbox(db, 'org.admin@example.org');
    expect(mail!.subject).toBe(`Application ${id} is now Gating Review`);
    // A move into a review stage: its comments are the office's note, not the applicant's (decision 092).
    expect(mail!.text).not.toContain('Starting the gating review.');
    expect(mail!.text).not.toContain('Comments from the state office');
    expect(await readOutbox(db, REFUSED)).toHaveLength(1);
    for (const nobody of ['former.admin@example.org', 'paused.admin@example.org', 'org.staff@example.org', 'summit.admin@example.org']) {
      expect(await readOutbox(db, nobody), nobody).toEqual([]);
    }
  });

  it('sends nothing for an application that does not exist, and says so in the log', async () => {
    logged.length = 0;
    await api.database.db.delete(outbox);
    const ctx = contextWith({});
    expect(await notifyStatusMove(ctx, { applicationId: 'GA-NOPE999', fromStatus: 'SUBMITTED', toStatus: 'GATING_REVIEW' })).toEqual({ sent: 0, failed: 0 });
    expect(await api.database.db.select().from(outbox)).toEqual([]);
    expect(logged).toEqual([expect.stringContaining('no such application')]);
  });
});

describe('through the API: a state admin\'s move and an assignment', () => {
  it('a move emails the organization\'s active admins after it commits (outbox), an inactive admin gets none; an assignment emails the reviewer', async () => {
    const db = api.database.db;
    await db.delete(outbox);
    const id = await lakeviewApplication();
    const { token } = await api.signIn('state.admin@example.gov');
    const moved = await api.call(`/api/v1/review/applications/${id}/mark-as-gating-review`, { token, body: { comments: 'Complete on intake.' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [mail] = await readOutbox(db, 'org.admin@example.org');
    expect(mail!.subject).toBe(`Application ${id} is now Gating Review`);
    expect(mail!.text).not.toContain('Complete on intake.');
    expect(await readOutbox(db, 'second.admin@example.org')).toHaveLength(1);
    expect(await readOutbox(db, 'former.admin@example.org')).toEqual([]);
    expect(await readOutbox(db, 'paused.admin@example.org')).toEqual([]);

    const [reviewer] = await db.select().from(users).where(eq(users.email, 'rsm.reviewer@example.gov'));
    const assigned = await api.call(`/api/v1/review/applications/${id}/assign-reviewers`, { token, body: { reviewerIds: [reviewer!.id] } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const [notice] = await readOutbox(db, 'rsm.reviewer@example.gov');
    expect(notice!.subject).toBe(`You are assigned to the gating review of application ${id}`);
    expect(notice!.text).toContain(`/state/applications/review-application/${id}`);
    // Assigning the same reviewer again tells nobody a second time.
    expect((await api.call(`/api/v1/review/applications/${id}/assign-reviewers`, { token, body: { reviewerIds: [reviewer!.id] } })).status).toBe(200);
    expect(await readOutbox(db, 'rsm.reviewer@example.gov')).toHaveLength(1);
  });

  it('a portal started with SMTP_URL sends the sign-in code and the move\'s email through the SMTP server', async () => {
    received.length = 0;
    const portal = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PORTAL_URL: 'https://grants.example.gov' });
    try {
      // No outbox: the sign-in code arrives by SMTP too.
      expect((await portal.call('/api/v1/send-login-otp', { body: { email: 'state.admin@example.gov' } })).status).toBe(200);
      const codeMail = received.find((m) => m.to[0] === 'state.admin@example.gov')!;
      const otp = /code is (\d{6})/.exec(codeMail.text)![1];
      const { body: session } = await portal.call('/api/v1/verify-otp', { body: { email: 'state.admin@example.gov', otp } });
      const [app] = await portal.database.db.select({ id: applications.id }).from(applications).where(eq(applications.status, 'SUBMITTED')).limit(1);
      const moved = await portal.call(`/api/v1/review/applications/${app!.id}/mark-as-rejected`, {
        token: session.token, body: { reasonId: 2, comments: 'The audited financial statements are missing.' },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const notices = received.filter((m) => m.headers.subject === `Application ${app!.id} is now Rejected`);
      expect(notices.length).toBeGreaterThan(0);
      expect(notices[0]!.text).toContain('Reason: Incomplete application or missing required documentation, data, and information.');
      expect(notices[0]!.text).toContain(`Open the application: https://grants.example.gov/org/applications/bead-applcn/${app!.id}`);
    } finally {
      await portal.close();
    }
  });
});

