// The organization chooser for a user of several organizations (spec 2).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Box, Button, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { chooseOrganization, heldReturnPath } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { currentUser } from '../api/profile.server';
import { commitSession, getSession } from '../utils/session.server';
import { ErrorList, nativeSelectStyle } from '../components/forms';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { MSG, PORTAL_MSG } from '../../domain/messages';
import { readForm } from '../utils/form-data.server';
import { ChakraPage } from '../components/chakra-page';

export const meta: MetaFunction = () => [{ title: 'Select an entity | Broadband Grants Portal' }];

async function signedInProfile(request: Request, context: LoaderFunctionArgs['context']) {
  const session = await getSession(request, context);
  const token = session.get('token');
  if (!token) throw redirect('/org/login');
  if (session.get('roleType') !== 'org') throw redirect('/unauthorized');
  const profile = await readOrFail({ request, context }, currentUser(apiSession(context, { token })));
  return { session, profile };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { profile } = await signedInProfile(request, context);
  const active = profile.organizations.filter((o) => o.status === 'active');
  return {
    organizations: profile.organizations.map((o) => ({ id: o.id, name: o.name, active: o.status === 'active', role: o.role.name })),
    noneActive: active.length === 0,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  const { session, profile } = await signedInProfile(request, context);
  const chosen = profile.organizations.find((o) => o.id === form.get('organizationId'));
  if (!chosen) return data({ error: PORTAL_MSG.organizationRequired }, { status: 400 });
  if (chosen.status !== 'active') return data({ error: PORTAL_MSG.organizationInactive }, { status: 400 });
  chooseOrganization(session, chosen);
  return redirect(heldReturnPath(session) ?? '/org/dashboard', { headers: { 'Set-Cookie': await commitSession(session, context) } });
}

export default function SelectOrganization() {
  const { organizations, noneActive } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData && 'error' in actionData ? actionData.error : null;
  return (
    <ChakraPage>
    <Container maxW="lg" py={{ base: 8, md: 16 }}>
      <main id="main">
        <Heading as="h1" size="xl" mb={6}>
          {MSG.selectEntityTitle}
        </Heading>
        {noneActive ? (
          <Text role="alert" color="fg.error" mb={4}>
            {PORTAL_MSG.organizationInactive}
          </Text>
        ) : null}
        <Form method="post" id="choose-organization">
          <Box mb={6}>
            <label htmlFor="organizationId" style={{ display: 'block', fontWeight: 500, marginBottom: '0.25rem' }}>
              {MSG.selectEntity}
            </label>
            <select
              id="organizationId"
              name="organizationId"
              required
              defaultValue=""
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'organizationId-error' : undefined}
              style={nativeSelectStyle}
            >
              <option value="" disabled>
                {MSG.selectOption}
              </option>
              {organizations.map((o) => (
                <option key={o.id} value={o.id} disabled={!o.active}>
                  {o.name} ({o.role.replace(/_/g, ' ')}){o.active ? '' : ' (inactive)'}
                </option>
              ))}
            </select>
            <ErrorList id="organizationId-error" errors={error ? [error] : null} />
          </Box>
        </Form>
        <HStack justify="flex-end" gap={3}>
          {/* Cancel ends the half-finished sign-in and returns to /org/login. */}
          <Form method="post" action="/logout">
            <Button type="submit" variant="outline">
              Cancel
            </Button>
          </Form>
          <Button type="submit" form="choose-organization" colorPalette="brand">
            Next
          </Button>
        </HStack>
      </main>
    </Container>
    </ChakraPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
