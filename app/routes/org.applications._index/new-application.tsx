// New application (spec 2): programme, project area and technology; an ineligible technology turns the dialog
// into the round-1 ineligibility notice, keeping the other choices. Plain elements with build-time classes.
import { useActionData, useLocation, useNavigation } from '@remix-run/react';
import { Form } from '../../components/form';
import { DialogActions, UrlDialog } from '../../components/url-dialog';
import { ErrorList, FormAlert } from '../../components/forms';
import { closeDialogs } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
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
    <div className="ui-field">
      <label htmlFor={`new-${name}`} className="ui-label">
        {label}
      </label>
      <select
        id={`new-${name}`}
        name={name}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `new-${name}-error` : undefined}
        className="ui-select"
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={`new-${name}-error`} errors={error ? [error] : null} />
    </div>
  );
}

export function NewApplication({ programs, areas }: { programs: Program[]; areas: string[] }) {
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
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
        <DialogActions closeTo={closeDialogs(location.search)} submit="Create application" disabled={hydrated && navigation.state === 'submitting'} />
      </Form>
    </UrlDialog>
  );
}
