// New application (spec 2): programme, project area and technology; an ineligible technology turns the dialog
// into the round-1 ineligibility notice, keeping the other choices.
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { Box, Button, HStack } from '@chakra-ui/react';
import { UrlDialog } from '../../components/url-dialog';
import { ErrorList, FormAlert, nativeSelectStyle } from '../../components/forms';
import { closeDialogs } from '../../utils/url-state';
import { APPLICATION_MSG } from '../../../domain/messages';
import { TECHNOLOGY_TYPES } from '../../../domain/technology';
import type { Program } from '../../api/types';
import type { action } from './actions.server';

interface Option {
  value: string;
  label: string;
}

function SelectField(props: { name: string; label: string; options: Option[]; placeholder: string; defaultValue: string; error?: string }) {
  const { name, label, options, placeholder, defaultValue, error } = props;
  return (
    <Box mb={4}>
      <label htmlFor={`new-${name}`} style={{ display: 'block', fontWeight: 500, marginBottom: '0.25rem' }}>
        {label}
      </label>
      <select
        id={`new-${name}`}
        name={name}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `new-${name}-error` : undefined}
        style={nativeSelectStyle}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={`new-${name}-error`} errors={error ? [error] : null} />
    </Box>
  );
}

export function NewApplication({ programs, areas }: { programs: Program[]; areas: string[] }) {
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const result = actionData?.intent === 'create' ? actionData : null;
  const values = result?.values ?? {};
  const errors: Record<string, string> = { ...(result?.errors ?? {}) };
  const ineligible = !!result?.ineligible;
  if (ineligible) errors.technologyType = 'Choose a technology that is eligible for round 1.';
  const initial = (name: string) =>
    ineligible && name === 'technologyType' ? '' : (values[name] ?? (name === 'programId' && programs.length === 1 ? programs[0]!.id : ''));
  const field = (name: string, label: string, options: Option[], placeholder: string) => (
    <SelectField name={name} label={label} options={options} placeholder={placeholder} defaultValue={initial(name)} error={errors[name]} />
  );
  return (
    <UrlDialog
      id="new-application"
      title={ineligible ? 'Technology not eligible for Round 1' : 'New application'}
      role={ineligible ? 'alertdialog' : 'dialog'}
      closeTo={closeDialogs(location.search)}
    >
      <Form method="post" preventScrollReset key={ineligible ? 'ineligible' : 'new'}>
        <input type="hidden" name="intent" value="create" />
        <FormAlert message={ineligible ? APPLICATION_MSG.ineligibleTechnology : result?.message} />
        {field('programId', 'Programme', programs.map((p) => ({ value: p.id, label: p.name })), 'Select a programme')}
        {field('projectLocation', 'Project area', areas.map((a) => ({ value: a, label: a })), 'Select a project area')}
        {field('technologyType', 'Proposed Technology Type', TECHNOLOGY_TYPES.map((t) => ({ value: t, label: t })), 'Select a technology')}
        <HStack justify="flex-end" gap={3} mt={6}>
          <Button asChild variant="outline">
            <Link to={closeDialogs(location.search)} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" colorPalette="brand" loading={navigation.state === 'submitting'}>
            Create application
          </Button>
        </HStack>
      </Form>
    </UrlDialog>
  );
}
