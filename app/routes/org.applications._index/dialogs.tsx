// The row actions' dialogs (decision 004): cancel asks, then takes a required reason; delete asks.
import { useState } from 'react';
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { TextArea } from '../../components/text-input';
import { UrlDialog } from '../../components/url-dialog';
import { ErrorList } from '../../components/forms';
import { closeDialogs, withParams } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
import type { action } from './actions.server';

function NoButton({ label }: { label: string }) {
  const location = useLocation();
  return (
    <Button asChild variant="outline">
      <Link to={closeDialogs(location.search)} preventScrollReset>
        {label}
      </Link>
    </Button>
  );
}

export function CancelConfirm({ id }: { id: string }) {
  const location = useLocation();
  return (
    <UrlDialog id="cancel-confirm" title="Cancel application" closeTo={closeDialogs(location.search)} role="alertdialog">
      <Text mb={6}>Are you sure you want to cancel application {id}? A cancelled application cannot be submitted.</Text>
      <HStack justify="flex-end" gap={3}>
        <NoButton label="No" />
        <Button asChild colorPalette="brand">
          <Link to={withParams(location.search, { step: 'reason' })} preventScrollReset data-autofocus>
            Yes
          </Link>
        </Button>
      </HStack>
    </UrlDialog>
  );
}

export function CancelReason({ id }: { id: string }) {
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failed = actionData?.intent === 'cancel' ? actionData : null;
  const [message, setMessage] = useState(failed?.message ?? '');
  const hydrated = useHydrated();
  const error = failed?.error ?? null;
  return (
    <UrlDialog id="cancel-reason" title="Reason for cancelling" closeTo={closeDialogs(location.search)}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="applicationId" value={id} />
        <label htmlFor="cancel-message" style={{ display: 'block', fontWeight: 500, marginBottom: '0.25rem' }}>
          Reason for cancelling {id}
        </label>
        <TextArea
          id="cancel-message"
          name="message"
          rows={4}
          required
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cancel-message-error' : undefined}
          data-autofocus
        />
        <ErrorList id="cancel-message-error" errors={error ? [error] : null} />
        <HStack justify="flex-end" gap={3} mt={6}>
          <NoButton label="Cancel" />
          <Button type="submit" colorPalette="brand" disabled={hydrated && !message.trim()} loading={navigation.state === 'submitting'}>
            Ok
          </Button>
        </HStack>
      </Form>
    </UrlDialog>
  );
}

export function DeleteConfirm({ id }: { id: string }) {
  const location = useLocation();
  return (
    <UrlDialog id="delete-confirm" title="Delete application" closeTo={closeDialogs(location.search)} role="alertdialog">
      <Text mb={6}>Are you sure you want to delete the draft application {id}? This cannot be undone; its history is kept.</Text>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="applicationId" value={id} />
        <HStack justify="flex-end" gap={3}>
          <NoButton label="Cancel" />
          <Button type="submit" colorPalette="red" data-autofocus>
            Delete
          </Button>
        </HStack>
      </Form>
    </UrlDialog>
  );
}
