// 'View/Download' the state review PDF (spec 4's action label; decision 046): a plain link to the PDF of the answers,
// each stage's review summary and consensus, and the rubric, shown to whoever may read the application's reviews.
export const stateReviewPdfHref = (section: string, applicationId: string) =>
  `/state/${encodeURIComponent(section)}/review-application/${encodeURIComponent(applicationId)}/state-review-pdf`;

export function StateReviewPdfLink({ section, applicationId, show }: { section: string; applicationId: string; show: boolean }) {
  if (!show) return null;
  return (
    <p className="ui-review-actions">
      <a href={stateReviewPdfHref(section, applicationId)} className="ui-btn-outline-sm" data-testid="download-state-review-pdf" download>
        {/* Spec 4's label, verbatim; what it downloads is said to screen readers. */}
        View/Download<span className="visually-hidden"> State Review PDF</span>
      </a>
    </p>
  );
}
