// The status-move fields (app/components/move-fields.tsx): Assign Reviewer's reviewers whose reviews have started
// are sent as one hidden control (a form's names are unique but for its choices: html-validate's form-dup-name), and
// come back as reviewers who stay assigned.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MoveFields, moveValues, type MoveChoices } from '../../app/components/move-fields';
import { workflowAction } from '../../domain/workflow';

const reviewer = (id: string, started: boolean) => ({ id, name: `R ${id}`, email: `${id}@example.gov`, openReviews: 1, assigned: true, started });

function render(choices: MoveChoices) {
  return renderToStaticMarkup(h(MoveFields, { actionId: 'assign-reviewers', needs: workflowAction('assign-reviewers').needs, choices, values: null, errors: {} }));
}

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('Assign Reviewer fields', () => {
  it('send the started reviews as one hidden control, whatever their number', () => {
    const html = render({ reasons: [], sections: [], statuses: [], reviewers: [reviewer('a', true), reviewer('b', false), reviewer('c', true)] });
    const hidden = [...html.matchAll(/<input type="hidden" name="startedReviewerIds" value="([^"]*)"/g)];
    expect(hidden.map((m) => m[1])).toEqual(['a,c']);
    expect(html.match(/name="reviewerIds"/g)).toHaveLength(3);
    expect(html).toContain('review started: stays assigned');
  });

  it('send none when no review has started', () => {
    const html = render({ reasons: [], sections: [], statuses: [], reviewers: [reviewer('a', false)] });
    expect(html).not.toContain('startedReviewerIds');
  });

  it('read the started reviewers back with those ticked, once each', () => {
    const values = moveValues(form([['reviewerIds', 'b'], ['reviewerIds', 'a'], ['startedReviewerIds', 'a,c'], ['comments', 'x']]));
    expect(values.reviewerIds).toEqual(['b', 'a', 'c']);
    expect(moveValues(form([['startedReviewerIds', '']])).reviewerIds).toEqual([]);
  });
});
