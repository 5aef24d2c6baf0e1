// 'Download All Attachments' (spec label; decision 045): a plain link to the ZIP of the application's file answers,
// shown only when the screen shows at least one file (none before a reviewer's conflict declaration either).
export const attachmentsHref = (section: string, applicationId: string) =>
  `/state/${encodeURIComponent(section)}/review-application/${encodeURIComponent(applicationId)}/attachments`;

/** Whether any visible question of the review holds a file the caller is shown. */
export const hasAttachments = (sections: readonly { questions: readonly { visible: boolean; file: unknown }[] }[]) =>
  sections.some((s) => s.questions.some((q) => q.visible && !!q.file));

export function AttachmentsLink({ section, applicationId, show }: { section: string; applicationId: string; show: boolean }) {
  if (!show) return null;
  return (
    <p className="ui-review-actions">
      <a href={attachmentsHref(section, applicationId)} className="ui-btn-outline-sm" data-testid="download-attachments" download>
        Download All Attachments
      </a>
    </p>
  );
}
