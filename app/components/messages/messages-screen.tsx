// The Messages screen, both sides (spec 2 Messages screen; decision 037): the thread list (All Messages) on the left,
// the conversation on the right, 'Select a conversation to start messaging' when none is chosen. Every control is a
// link, a GET form or a multipart POST form, so all of it works without JavaScript; with it, the compose box sends on
// Enter, checks files before posting, and the conversation scrolls to its newest message and keeps focus where it was.
import { useEffect, useRef } from 'react';
import { Link, useActionData, useLoaderData, useLocation, useNavigation, useRevalidator } from '@remix-run/react';
import { Form } from '../form';
import { Pager } from '../list-kit';
import { HiddenParams } from '../list-kit/hidden-params';
import { FormAlert } from '../forms';
import { withParams } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
import { ComposeFields } from './compose';
import type { MessagesLoaderData, SendFailure } from './messages.server';
import type { ThreadMessage, ThreadSummary } from '../../api/messages.server';
import { MESSAGE_MSG, messagesApplicationPath, wholeSubject } from '../../../domain/conversations';
import { formatListDateTime } from '../../../domain/dates';
import { isApplicationStatus, isSubmittedOrLater } from '../../../domain/statuses';

/** With JavaScript the open conversation refreshes this often while the tab is visible (new replies appear and are read). */
const REFRESH_MS = 30_000;

/**
 * Whether the reader's side opens the thread's application: the organization its own (the form); the state only one
 * submitted or later, as its review screen does (a draft's or a cancelled application's id is shown, not linked).
 */
const applicationOpens = (side: 'org' | 'state', status: string | null | undefined) =>
  side === 'org' || (!!status && isApplicationStatus(status) && isSubmittedOrLater(status));

const senderName = (s: { firstName: string; lastName: string } | null) => (s ? `${s.firstName} ${s.lastName}`.trim() : 'Former user');

export function MessagesScreen() {
  const loaded = useLoaderData<MessagesLoaderData>();
  const failed = useActionData<SendFailure>();
  const location = useLocation();
  const { side, list, thread, composing } = loaded;
  useConversationRefresh(!!thread);
  // A refusal for a form this page no longer shows (a state user's crafted New Message) still says why.
  const shown = failed && (failed.intent === 'new' ? composing : !!thread);
  const orphan = failed && !shown ? (failed.message ?? Object.values(failed.errors)[0] ?? null) : null;

  return (
    <>
      <div className="ui-title-row">
        <h1 className="ui-h1-flush">Messages</h1>
        {side === 'org' ? (
          <Link to={`?${new URLSearchParams({ new: '1' })}`} className="ui-btn" aria-current={composing ? 'page' : undefined}>
            New Message
          </Link>
        ) : null}
      </div>
      <FormAlert message={orphan} />
      <div className="ui-messages">
        <section aria-labelledby="threads-heading" className="ui-threads">
          <h2 id="threads-heading" className="ui-h2">
            All Messages
          </h2>
          {side === 'state' ? <OrganizationFilter organizations={loaded.organizations} selected={loaded.organizationFilter} search={location.search} /> : null}
          {list.threads.length === 0 ? (
            <p>{MESSAGE_MSG.noThreads}</p>
          ) : (
            <ul>
              {list.threads.map((t) => (
                <ThreadItem key={t.id} thread={t} side={side} selected={t.id === thread?.id} search={location.search} />
              ))}
            </ul>
          )}
          {list.totalPages > 1 ? <Pager page={list.page} totalPages={list.totalPages} totalRecords={list.total} noun={['conversation', 'conversations']} label="Conversation pages" /> : null}
        </section>
        <section aria-labelledby="conversation-heading" className="ui-conversation" data-testid="conversation">
          {composing ? (
            <NewMessage applications={loaded.applications} failed={failed?.intent === 'new' ? failed : undefined} />
          ) : thread ? (
            <Conversation key={thread.id} thread={thread} side={side} userId={loaded.userId} failed={failed?.intent === 'reply' ? failed : undefined} />
          ) : (
            <>
              <h2 id="conversation-heading" className="visually-hidden">
                Conversation
              </h2>
              <p className="ui-empty-pane">{MESSAGE_MSG.selectConversation}</p>
            </>
          )}
        </section>
      </div>
    </>
  );
}

function OrganizationFilter({ organizations, selected, search }: { organizations: { id: string; name: string }[]; selected: string; search: string }) {
  return (
    <Form method="get" className="ui-thread-filter">
      <HiddenParams search={search} omit={['org', 'thread']} />
      <label htmlFor="message-org" className="ui-label">
        Organization
      </label>
      <select id="message-org" name="org" defaultValue={selected} className="ui-select">
        <option value="">{MESSAGE_MSG.selectOrganization}</option>
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <button type="submit" className="ui-btn-outline-sm">
        Apply
      </button>
    </Form>
  );
}

function ThreadItem({ thread, side, selected, search }: { thread: ThreadSummary; side: 'org' | 'state'; selected: boolean; search: string }) {
  const last = thread.lastMessage?.content ?? thread.content;
  return (
    <li>
      <Link to={withParams(search, { thread: thread.id, new: null })} aria-current={selected ? 'true' : undefined} data-testid="thread-link">
        {/* The whole subject (at most a few lines on the screen); spaces between the parts, which a text browser shows on one line (issue 41 item 13). */}
        <span className="ui-thread-subject">{wholeSubject(thread)}</span>{' '}
        {thread.unreadCount > 0 ? (
          <>
            <span className="ui-unread" data-testid="thread-unread">
              {thread.unreadCount}
              <span className="visually-hidden"> unread</span>
            </span>{' '}
          </>
        ) : null}
        <span className="ui-thread-meta">
          {side === 'state' ? `${thread.organization.legalName} · ` : ''}
          {thread.applicationId ?? ''} · {formatListDateTime(thread.lastMessageAt)}
        </span>{' '}
        <span className="ui-thread-meta">{last.length > 80 ? `${last.slice(0, 80)}…` : last}</span>
      </Link>
    </li>
  );
}

function Conversation({
  thread, side, userId, failed,
}: { thread: ThreadSummary & { messages: ThreadMessage[] }; side: 'org' | 'state'; userId: string; failed?: SendFailure }) {
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const count = thread.messages.length;
  // The newest message in view, on opening and whenever one arrives.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);
  // Opening a conversation moves focus to it (the link that opened it is elsewhere on the page).
  useEffect(() => {
    if (document.activeElement?.closest('[data-testid="thread-link"]')) headingRef.current?.focus();
  }, []);
  const last = thread.messages[count - 1];
  return (
    <>
      <div className="ui-conversation-head">
        <h2 id="conversation-heading" className="ui-h2" tabIndex={-1} ref={headingRef}>
          {wholeSubject(thread)}
        </h2>
        <p>
          {side === 'state' ? `${thread.organization.legalName} · ` : ''}
          Application{' '}
          {thread.applicationId && applicationOpens(side, thread.applicationStatus) ? (
            <Link to={messagesApplicationPath(side, thread.applicationId)} className="ui-link" data-testid="thread-application">
              {thread.applicationId}
            </Link>
          ) : (
            thread.applicationId ?? 'none'
          )}
        </p>
      </div>
      <ol ref={listRef} aria-label="Messages" tabIndex={0}>
        {thread.messages.map((m) => (
          <li key={m.id} className="ui-message" data-mine={m.senderId === userId ? '' : undefined} data-testid="message">
            <p>
              {senderName(m.sender)}
              {m.direction === 'STATE_TO_ORG' ? ' (State)' : ''} · {formatListDateTime(m.createdAt)}
            </p>
            {m.content ? <p>{m.content}</p> : null}
            {m.attachments.length > 0 ? (
              <ul aria-label="Attachments">
                {m.attachments.map((a) => (
                  <li key={a.id}>
                    {a.scanMessage ? (
                      <>
                        {a.fileName}{' '}
                        <span className="ui-status-tag" data-testid="scan-status">
                          {a.scanMessage}
                        </span>
                      </>
                    ) : (
                      <a href={`/resources/message-attachments/${a.id}?download=1`} target="_blank" rel="noreferrer" className="ui-link">
                        {a.fileName}
                        <span className="visually-hidden"> (download, opens in a new tab)</span>
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {last ? (
        <ComposeForm intent="reply" failed={failed} sentCount={thread.messages.filter((m) => m.senderId === userId).length} submitLabel="Send" hidden={{ replyToMessageId: last.id }} />
      ) : null}
    </>
  );
}

function NewMessage({ applications, failed }: { applications: string[]; failed?: SendFailure }) {
  const location = useLocation();
  return (
    <>
      <div className="ui-conversation-head">
        <h2 id="conversation-heading" className="ui-h2">
          New Message
        </h2>
        <p>
          <Link to={withParams(location.search, { new: null })} className="ui-link">
            Cancel
          </Link>
        </p>
      </div>
      <ComposeForm intent="new" failed={failed} sentCount={0} submitLabel="Send" applications={applications} />
    </>
  );
}

function ComposeForm({
  intent, failed, sentCount, submitLabel, hidden = {}, applications,
}: { intent: 'new' | 'reply'; failed?: SendFailure; sentCount: number; submitLabel: string; hidden?: Record<string, string>; applications?: string[] }) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <Form method="post" encType="multipart/form-data" className="ui-compose" noValidate data-testid={`${intent}-message-form`}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormAlert message={failed?.message} />
      {/* Re-mounted once the caller's message is in (their count moves): the box empties for the next one; others' replies leave it. */}
      <ComposeFields key={sentCount} intent={intent} failed={failed} applications={applications} sending={sending} submitLabel={submitLabel} />
    </Form>
  );
}

/** With JavaScript, the open conversation is read again every half minute while the tab is visible. */
function useConversationRefresh(open: boolean) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated || !open) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [hydrated, open, revalidator]);
}
