// My account (decision 093): the signed-in person's own names, phone and email, the same on both sides. An account
// belongs to its owner: an organization's admin changes only their role and status there, so this is where a
// person's name, phone and email change. The email changes only once the code sent to the new address is entered;
// the old address is told. Plain GET/POST forms: everything works without JavaScript.
import { useActionData, useLoaderData } from '@remix-run/react';
import { Form } from '../form';
import { Field, FormAlert } from '../forms';
import { formatPhone, PHONE_INPUT_LENGTH } from '../../../domain/format';
import type { AccountLoaderData, AccountRefusal } from './account.server';

export function AccountScreen() {
  const { account, pendingEmail, readOnly } = useLoaderData<AccountLoaderData>();
  const refused = useActionData<AccountRefusal>() ?? null;
  const of = (intent: AccountRefusal['intent']) => (refused?.intent === intent ? refused : null);
  const errors = (intent: AccountRefusal['intent'], field: string) => {
    const message = of(intent)?.errors[field];
    return message ? [message] : null;
  };
  const value = (intent: AccountRefusal['intent'], field: string, fallback: string) => of(intent)?.values[field] ?? fallback;

  return (
    <>
      <h1 className="ui-list-title">My account</h1>
      <p className="ui-lead">Your name, phone and email are yours: only you change them here. Organizations change only your role and status with them.</p>

      <section aria-labelledby="details-title" className="ui-panel">
        <h2 id="details-title" className="ui-panel-title">
          Your details
        </h2>
        {readOnly ? (
          <dl className="ui-facts">
            <dt>Name</dt>
            <dd>{`${account.firstName} ${account.lastName}`}</dd>
            <dt>Phone</dt>
            <dd>{account.phoneNumber ? formatPhone(account.phoneNumber, { countryCode: true }) : 'Not given'}</dd>
          </dl>
        ) : (
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="save" />
            <FormAlert id="details-error" message={of('save')?.message} />
            <Field label="First Name" errors={errors('save', 'firstName')} inputProps={{ id: 'account-firstName', name: 'firstName', type: 'text', autoComplete: 'given-name', defaultValue: value('save', 'firstName', account.firstName), 'aria-required': true }} />
            <Field label="Last Name" errors={errors('save', 'lastName')} inputProps={{ id: 'account-lastName', name: 'lastName', type: 'text', autoComplete: 'family-name', defaultValue: value('save', 'lastName', account.lastName), 'aria-required': true }} />
            <Field
              label="Phone (optional)"
              hint="10 digits, for example (608) 555-0100."
              errors={errors('save', 'phoneNumber')}
              inputProps={{ id: 'account-phoneNumber', name: 'phoneNumber', type: 'tel', autoComplete: 'tel', maxLength: PHONE_INPUT_LENGTH + 3, defaultValue: value('save', 'phoneNumber', account.phoneNumber ? formatPhone(account.phoneNumber) : '') }}
            />
            <div className="ui-form-actions">
              <button type="submit" className="ui-btn">
                Save
              </button>
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="email-title" className="ui-panel">
        <h2 id="email-title" className="ui-panel-title">
          Email
        </h2>
        <p>
          Sign-in codes go to <strong data-testid="account-email">{account.email}</strong>.
        </p>
        {readOnly ? null : pendingEmail ? (
          <div id="confirm-email">
            <p>
              A code was sent to <strong>{pendingEmail}</strong>. Enter it to make it your email; until then nothing changes.
            </p>
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="confirm" />
              <FormAlert id="confirm-error" message={of('confirm')?.message} />
              <Field
                label="Code from the email"
                errors={errors('confirm', 'code')}
                inputProps={{ id: 'account-code', name: 'code', type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, defaultValue: value('confirm', 'code', ''), 'aria-required': true }}
              />
              <div className="ui-form-actions">
                <button type="submit" className="ui-btn">
                  Confirm new email
                </button>
              </div>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel-email" />
              <button type="submit" className="ui-btn-outline">
                Cancel the change
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="email" />
            <FormAlert id="email-error" message={of('email')?.message} />
            <Field
              label="New email"
              hint="We send a 6-digit code to the new address; your email changes once you enter it, and your current address is told."
              errors={errors('email', 'email')}
              inputProps={{ id: 'account-email-new', name: 'email', type: 'email', autoComplete: 'email', defaultValue: value('email', 'email', ''), 'aria-required': true }}
            />
            <div className="ui-form-actions">
              <button type="submit" className="ui-btn">
                Send code
              </button>
            </div>
          </Form>
        )}
      </section>
    </>
  );
}
