// The sign-in screen for both portals: email first, then the 6-digit code from the email.
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Field, FormAlert } from './forms';
import { CodeFormSchema, EmailFormSchema } from '../utils/login-schemas';
import type { loginAction, loginLoader } from '../utils/login.server';

type LoaderData = Awaited<ReturnType<typeof loginLoader>>['data'];
type ActionData = Awaited<ReturnType<typeof loginAction>> extends infer R ? (R extends { data: infer D } ? D : never) : never;

export function LoginPage() {
  const loaderData = useLoaderData() as LoaderData;
  const actionData = useActionData() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { portal, step, pendingEmail, devOutboxUrl, notice } = loaderData;
  const title = portal === 'state' ? 'State staff sign in' : 'Organization sign in';

  return (
    <Container maxW="lg" py={{ base: 8, md: 16 }}>
      <main id="main">
        <Text fontWeight="semibold" color="brand.fg" mb={1}>
          Broadband Grants Portal
        </Text>
        <Heading as="h1" size="2xl" mb={2}>
          {step === 'code' ? 'Enter your sign-in code' : title}
        </Heading>
        {step === 'code' ? (
          <CodeStep email={pendingEmail ?? ''} lastResult={actionData?.form === 'code' ? actionData.result : undefined} busy={busy} />
        ) : (
          <EmailStep portal={portal} notice={notice} lastResult={actionData?.form === 'email' ? actionData.result : undefined} busy={busy} />
        )}
        {devOutboxUrl ? (
          <Box mt={8} p={4} borderWidth="1px" borderRadius="md" bg="bg.muted" fontSize="sm">
            <Text fontWeight="semibold" mb={1}>
              Development mode: no email is sent
            </Text>
            <Text>
              Sign-in codes go to the development outbox. On this machine, read them at{' '}
              <code>{devOutboxUrl}your.address@example.org</code> (the server console prints them too).
            </Text>
          </Box>
        ) : null}
      </main>
    </Container>
  );
}

function EmailStep({ portal, notice, lastResult, busy }: { portal: string; notice: string | null; lastResult: unknown; busy: boolean }) {
  const [form, fields] = useForm({
    id: 'login-email',
    lastResult: lastResult as never,
    constraint: { email: { required: true } },
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailFormSchema }),
  });
  return (
    <>
      <Text color="fg.muted" mb={6}>
        Enter your email address. We will send you a 6-digit code to sign in: there is no password to remember.
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <FormAlert id={form.errorId} message={form.errors?.[0] ?? notice} />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
          errors={fields.email.errors}
        />
        <Button type="submit" name="intent" value="send-code" colorPalette="brand" width="full" loading={busy}>
          Send code
        </Button>
      </Form>
      {portal === 'org' ? (
        <Text mt={6}>
          New to the portal? <Link to="/org/sign-up" style={{ textDecoration: 'underline' }}>Register your organization</Link>
        </Text>
      ) : (
        <Text mt={6} fontSize="sm" color="fg.muted">
          Applying for a grant? Use the <Link to="/org/login" style={{ textDecoration: 'underline' }}>organization sign in</Link>.
        </Text>
      )}
    </>
  );
}

function CodeStep({ email, lastResult, busy }: { email: string; lastResult: unknown; busy: boolean }) {
  const [form, fields] = useForm({
    id: 'login-code',
    lastResult: lastResult as never,
    constraint: { code: { required: true, pattern: '[0-9]{6}' } },
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CodeFormSchema }),
  });
  return (
    <>
      <Text color="fg.muted" mb={6}>
        We sent a code to <strong>{email}</strong> if it belongs to an account. The code is valid for 10 minutes.
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <Field
          label="6-digit code"
          inputProps={{
            ...getInputProps(fields.code, { type: 'text' }),
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: 6,
            autoFocus: true,
          }}
          errors={fields.code.errors}
        />
        <Button type="submit" name="intent" value="verify" colorPalette="brand" width="full" loading={busy}>
          Sign in
        </Button>
      </Form>
      <Stack mt={6} gap={2}>
        <HStack gap={4} wrap="wrap">
          <Form method="post">
            <Button type="submit" name="intent" value="resend" variant="outline" size="sm">
              Send a new code
            </Button>
          </Form>
          <Form method="post">
            <Button type="submit" name="intent" value="change-email" variant="ghost" size="sm">
              Use a different email
            </Button>
          </Form>
        </HStack>
      </Stack>
    </>
  );
}
