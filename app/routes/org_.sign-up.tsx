// Organization sign-up: a new organization with its first Organization_Admin.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Button, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { conformReply, formFailure } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { signUpOrganization } from '../api/organizations.server';
import { commitSession, getSession, toastHeader } from '../utils/session.server';
import { SignupFormSchema } from '../utils/signup-schema';
import { Field, FormAlert } from '../components/forms';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { MSG } from '../../domain/messages';
import { readForm } from '../utils/form-data.server';
import { ChakraPage } from '../components/chakra-page';

export const meta: MetaFunction = () => [{ title: 'Register your organization | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  if (session.get('token')) throw redirect('/');
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: SignupFormSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const { website, ...input } = submission.value;
  // A filled honeypot is a bot: answer as if it worked, create nothing.
  if (website) return redirect('/org/login');
  try {
    await signUpOrganization(apiSession(context, null), input);
  } catch (error) {
    const failure = await formFailure(error, { request, context }, MSG.couldNotSignUp);
    return data({ result: conformReply(submission, failure) }, { status: failure.status });
  }
  // The API has emailed a sign-in code (to a new account, or to the one that already had this email).
  const session = await getSession(request, context);
  session.set('pendingEmail', input.email.toLowerCase());
  const headers = new Headers();
  headers.append('Set-Cookie', await commitSession(session, context));
  headers.append('Set-Cookie', await toastHeader(context, { type: 'success', title: MSG.signedUp }));
  return redirect('/org/login?step=code', { headers });
}

export default function SignUp() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'sign-up',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupFormSchema }),
  });
  return (
    <ChakraPage>
    <Container maxW="2xl" py={{ base: 8, md: 12 }}>
      <main id="main">
        <Heading as="h1" size="2xl" mb={2}>
          Register your organization
        </Heading>
        <Text color="fg.muted" mb={6}>
          Register the organization that will apply (an ISP, a cooperative, a town). You become its Organization Admin and can add
          your colleagues later.
        </Text>
        <Form method="post" {...getFormProps(form)}>
          <FormAlert id={form.errorId} message={form.errors?.[0]} />
          <Field label="Organization legal name" inputProps={{ ...getInputProps(fields.legalName, { type: 'text' }), autoComplete: 'organization' }} errors={fields.legalName.errors} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gapX={4}>
            <Field label="First Name" inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }} errors={fields.firstName.errors} />
            <Field label="Last Name" inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }} errors={fields.lastName.errors} />
          </SimpleGrid>
          <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
          <Field
            label="Phone (optional)"
            hint="10 digits, for example (608) 555-0100."
            inputProps={{ ...getInputProps(fields.phoneNumber, { type: 'tel' }), autoComplete: 'tel-national' }}
            errors={fields.phoneNumber.errors}
          />
          <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label htmlFor="sign-up-website">Leave this empty</label>
            <input id="sign-up-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <Button type="submit" colorPalette="brand" loading={navigation.state !== 'idle'}>
            Register
          </Button>
        </Form>
        <Text mt={6}>
          Already registered? <Link to="/org/login" style={{ textDecoration: 'underline' }}>Sign in</Link>
        </Text>
      </main>
    </Container>
    </ChakraPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
