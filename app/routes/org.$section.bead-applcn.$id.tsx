// The application form (/org/{section}/bead-applcn/{id}): the programme's sections as steps with their
// status (the step is ?step= in the URL), questions rendered from data, Save and Submit as plain posts.
import { useMemo } from 'react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react';
import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { heldAnswers, releaseHeldAnswers, requirePortalUser } from '../utils/auth.server';
import { formFailure, readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { submitApplication, listProjectAreas } from '../api/applications.server';
import { saveSectionAnswers, sectionStatuses, sectionView } from '../api/sections.server';
import { redirectWithToast } from '../utils/session.server';
import { answersFromForm, applyTableIntent, chosenFiles, removeFileIntent, tableIntent } from '../utils/question-form';
import { tooLargeForUpload, uploadAnswerFile } from '../utils/file-answers.server';
import { useUnsavedChanges } from '../utils/use-unsaved-changes';
import { ErrorSummary, QuestionList } from '../components/question-list';
import { FormAlert } from '../components/forms';
import { StatusBadge } from '../components/status-badge';
import { ShellErrorBoundary } from '../components/error-boundary';
import { APPLICATION_MSG, MSG, PORTAL_MSG } from '../../domain/messages';
import { can } from '../../domain/permissions';
import { validateAnswerFile, VALIDATION_MSG } from '../../domain/validation';
import type { AnswerValue } from '../../domain/questions';
import { readForm } from '../utils/form-data.server';

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.view.section.name ?? 'Application'} – ${d?.applicationId ?? ''} | Broadband Grants Portal` },
];

const STATUS_WORDS = { NOT_STARTED: 'Not started', IN_PROGRESS: 'In progress', COMPLETED: 'Completed' } as const;

async function loadForm(request: Request, context: LoaderFunctionArgs['context'], id: string, saving = false) {
  const user = await requirePortalUser(request, context, 'org', { holdAnswers: saving });
  const applicationId = id.toUpperCase();
  const api = apiSession(context, user);
  const caller = { request, context };
  const steps = await readOrFail(caller, sectionStatuses(api, applicationId), { notFound: APPLICATION_MSG.notFound });
  const slug = new URL(request.url).searchParams.get('step');
  const step = steps.find((s) => s.slug === slug) ?? steps[0];
  if (!step) throw data(APPLICATION_MSG.notFound, { status: 404 });
  const [view, areas] = await readOrFail(caller, Promise.all([sectionView(api, applicationId, step.sectionId), listProjectAreas(api)]), {
    notFound: APPLICATION_MSG.notFound,
  });
  return { user, api, applicationId, steps, step, view, areas };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { applicationId, steps, step, view, areas, user } = await loadForm(request, context, String(params.id ?? ''));
  const held = await heldAnswers(request, context, user);
  return {
    applicationId, steps, step, view, areas,
    restored: held && !view.application.readOnly ? answersFromForm(view.questions, held) : null,
    section: params.section ?? 'applications',
    canSubmit: can(user.role, 'update', 'application'),
    maxUploadBytes: context.portal.maxUploadBytes,
  };
}

type ActionResult = {
  values: Record<string, AnswerValue> | null;
  errors: Record<string, string>;
  sectionErrors: Record<string, string>;
  message: string | null;
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, api, applicationId, step, view } = await loadForm(request, context, String(params.id ?? ''), true);
  const caller = { request, context };
  const none = { errors: {}, sectionErrors: {}, message: null } satisfies Omit<ActionResult, 'values'>;
  if (tooLargeForUpload(request, context.portal.maxUploadBytes)) {
    return data<ActionResult>({ ...none, values: null, message: VALIDATION_MSG.fileTooLarge }, { status: 413 });
  }
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? 'save');
  const here = `/org/${params.section ?? 'applications'}/bead-applcn/${applicationId}?step=${step.slug}`;

  if (intent === 'submit') {
    try {
      await submitApplication(api, applicationId);
    } catch (error) {
      // Incomplete sections come back keyed by section id: each is listed with a link to it.
      const failure = await formFailure(error, caller);
      return data<ActionResult>({ ...none, values: null, sectionErrors: failure.fields, message: failure.message }, { status: failure.status });
    }
    return redirectWithToast(`/org/applications?q=${applicationId}`, context, { type: 'success', title: APPLICATION_MSG.submitted });
  }

  const values = answersFromForm(view.questions, form);
  const rows = tableIntent(intent);
  if (rows) return data<ActionResult>({ ...none, values: applyTableIntent(view.questions, values, rows) });

  // File questions: Remove clears the answer; a chosen file (the no-JavaScript path) is uploaded first.
  const removing = removeFileIntent(intent);
  if (removing && view.questions.some((q) => q.id === removing && q.type === 'File')) values[removing] = null;
  const files = chosenFiles(view.questions, form);
  if (files.size > 0) {
    if (view.application.readOnly) return data<ActionResult>({ ...none, values, message: APPLICATION_MSG.submittedReadOnly }, { status: 409 });
    const fileErrors: Record<string, string> = {};
    for (const [questionId, file] of files) {
      const invalid = validateAnswerFile(file.name, file.size, context.portal.maxUploadBytes);
      if (invalid) fileErrors[questionId] = invalid;
    }
    if (Object.keys(fileErrors).length > 0) return data<ActionResult>({ ...none, values, errors: fileErrors }, { status: 400 });
    for (const [questionId, file] of files) {
      try {
        const place = { applicationId, programId: view.application.programId, sectionId: step.sectionId, questionId };
        values[questionId] = await uploadAnswerFile(context, user, place, file);
      } catch (error) {
        const failure = await formFailure(error, caller, VALIDATION_MSG.uploadFailed);
        return data<ActionResult>({ ...none, values, errors: { [questionId]: failure.fields.file ?? failure.message } }, { status: failure.status });
      }
    }
  }

  try {
    await saveSectionAnswers(api, applicationId, step.sectionId, values);
    await releaseHeldAnswers(request, context, user);
  } catch (error) {
    // Errors tied to their questions when the API named them, else the API's message; what was typed stays.
    const failure = await formFailure(error, caller);
    const tied = Object.keys(failure.fields).length > 0;
    return data<ActionResult>({ ...none, values, errors: failure.fields, message: tied ? null : failure.message }, { status: failure.status });
  }
  return redirectWithToast(here, context, { type: 'success', title: removing ? APPLICATION_MSG.fileRemoved : APPLICATION_MSG.sectionSaved });
}

export default function ApplicationForm() {
  const { applicationId, steps, step, view, areas, section, canSubmit, maxUploadBytes, restored } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const base = `/org/${section}/bead-applcn/${applicationId}`;
  const app = view.application;
  const readOnly = app.readOnly;
  // Stable between renders: the form resets its live state only when new data arrives.
  const values = useMemo<Record<string, AnswerValue>>(
    () => actionData?.values ?? restored ?? Object.fromEntries(view.questions.map((q) => [q.id, q.answer])),
    [actionData, restored, view],
  );
  const errors = useMemo<Record<string, string>>(
    () =>
      actionData?.values
        ? actionData.errors
        : restored
          ? {}
          : Object.fromEntries(view.questions.filter((q) => q.error).map((q) => [q.id, q.error!])),
    [actionData, restored, view],
  );
  const warnings = useMemo(() => Object.fromEntries(view.questions.filter((q) => q.warning).map((q) => [q.id, q.warning!])), [view]);
  const guard = useUnsavedChanges({ enabled: !view.application.readOnly, resetKey: actionData?.values ? actionData : (restored ?? undefined) });
  const sectionErrors = actionData?.sectionErrors ?? {};
  const index = steps.findIndex((s) => s.sectionId === step.sectionId);
  const next = steps[index + 1];
  const locked = app.status !== 'DRAFT' && app.status !== 'CANCELLED' && readOnly;

  return (
    <>
      <Text fontSize="sm" mb={2}>
        <Link to={`/org/${section}`} style={{ textDecoration: 'underline' }}>
          Back to {section === 'applications' ? 'Applications' : section}
        </Link>
      </Text>
      <Flex justify="space-between" align="center" wrap="wrap" gap={3} mb={4}>
        <Heading as="h1" size="2xl">
          Application {applicationId}
        </Heading>
        <StatusBadge status={app.status} />
      </Flex>
      {app.status === 'CANCELLED' ? <FormAlert message="Application Cancelled" /> : null}
      {locked && app.status !== 'CANCELLED' && view.section.isEntityProfile === false ? <FormAlert tone="info" message="The Application is Locked" /> : null}
      <FormAlert message={actionData?.message && !Object.keys(sectionErrors).length ? actionData.message : null} />
      <FormAlert tone="info" message={restored && !actionData ? PORTAL_MSG.answersRestored : null} />
      {Object.keys(sectionErrors).length ? (
        <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" p={4} borderRadius="md" mb={6} data-testid="submit-errors">
          <Text fontWeight="semibold" color="fg.error" mb={2}>
            {actionData?.message ?? APPLICATION_MSG.incomplete}
          </Text>
          <Box as="ul" pl={5}>
            {steps
              .filter((s) => sectionErrors[s.sectionId])
              .map((s) => (
                <li key={s.sectionId}>
                  <Link to={`${base}?step=${s.slug}`} style={{ textDecoration: 'underline' }}>
                    {s.name}: {sectionErrors[s.sectionId]}
                  </Link>
                </li>
              ))}
          </Box>
        </Box>
      ) : null}
      <Flex gap={6} direction={{ base: 'column', lg: 'row' }} align="start">
        <Box as="nav" aria-label="Application sections" w={{ base: 'full', lg: '17rem' }} flexShrink={0}>
          <Stack as="ol" gap={1} listStyleType="none" m={0} p={0}>
            {steps.map((s, i) => {
              const current = s.sectionId === step.sectionId;
              return (
                <li key={s.sectionId}>
                  <Link to={`${base}?step=${s.slug}`} aria-current={current ? 'step' : undefined} data-testid="section-step">
                    <Box px={3} py={2} borderRadius="md" bg={current ? 'brand.muted' : 'bg'} borderWidth="1px" borderColor={sectionErrors[s.sectionId] ? 'border.error' : 'border'}>
                      <Text fontWeight={current ? 'semibold' : 'normal'} color={current ? 'brand.fg' : 'fg'}>
                        {i + 1}. {s.name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {STATUS_WORDS[s.status]}
                        {s.isEntityProfile ? ' · from the Entity Profile' : ''}
                      </Text>
                    </Box>
                  </Link>
                </li>
              );
            })}
          </Stack>
        </Box>
        <Box flex="1" minW={0} w="full">
          <ErrorSummary questions={view.questions} errors={actionData?.values ? errors : {}} />
          <Form method="post" encType="multipart/form-data" noValidate data-hold-answers="" {...guard.formProps}>
            <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
              <Heading as="h2" size="lg" mb={1}>
                {view.section.name}
              </Heading>
              {view.section.isEntityProfile ? (
                <Text color="fg.muted" fontSize="sm" mb={4}>
                  These answers come from the <Link to="/org/organization-profile" style={{ textDecoration: 'underline' }}>Entity Profile</Link> and are read-only here.
                </Text>
              ) : (
                <Text color="fg.muted" fontSize="sm" mb={4}>
                  Questions marked * are required before you submit. Save as often as you like.
                </Text>
              )}
              <QuestionList
                questions={view.questions}
                values={values}
                errors={errors}
                warnings={warnings}
                disabled={readOnly}
                onDirty={() => !readOnly && guard.setDirty(true)}
                optionsFor={(q) => (q.additionalMetadata?.optionsFrom === 'projectAreas' ? areas : undefined)}
                uploads={{
                  applicationId,
                  sectionId: step.sectionId,
                  maxUploadBytes,
                  // A stored file can complete the section: refresh the step statuses, unless that would
                  // disturb answers being typed.
                  onSaved: () => {
                    if (!guard.dirty) revalidator.revalidate();
                  },
                }}
              />
            </Box>
            <HStack gap={3} mt={6} wrap="wrap">
              {readOnly ? null : (
                <Button type="submit" name="intent" value="save" colorPalette="brand" loading={navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'}>
                  Save
                </Button>
              )}
              {next ? (
                <Button asChild variant="outline">
                  <Link to={`${base}?step=${next.slug}`}>Next section: {next.name}</Link>
                </Button>
              ) : null}
            </HStack>
          </Form>
          {canSubmit && (app.status === 'DRAFT' || app.status === 'REVISION_NEEDED') ? (
            <Form method="post" style={{ marginTop: '2rem' }}>
              <Box borderTopWidth="1px" pt={6}>
                <Heading as="h2" size="md" mb={2}>
                  Submit the application
                </Heading>
                <Text fontSize="sm" color="fg.muted" mb={3}>
                  Save each section first. After submitting, the application is locked for review.
                </Text>
                <Button type="submit" name="intent" value="submit" variant="solid" colorPalette="brand">
                  Submit application
                </Button>
              </Box>
            </Form>
          ) : null}
        </Box>
      </Flex>
      {guard.dialog}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
