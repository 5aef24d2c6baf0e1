// Question templates (spec 7 Templates: templates/questions/{systemNo}): the link to the template a
// question offers for download. The files are real documents in public/ (scripts/make-templates.ts),
// served by the portal itself, so the link is relative to the portal's origin.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import type { Db } from '../db/client';
import { handler, notFound, parseInput } from '../http';
import { requireUser } from '../guard';
import { programs, questions, sections } from '../db/schema';
import { APPLICATION_MSG } from '../../domain/messages';
import { doc } from '../openapi/declare';

/** Where the round's templates are served from (public/templates/bead-round-1). */
export const TEMPLATES_PATH = '/templates/bead-round-1';
export const TEMPLATE_NOT_FOUND = 'Template not found';
/** System numbers are short ("31", "2.1"); anything longer names no question. */
const MAX_SYSTEM_NO = 20;

const TemplateQuery = z.object({
  programId: z.string().uuid(APPLICATION_MSG.programNotFound).optional(),
});

/** The link to a question's template, or null when it offers none. */
export function templateUrl(q: { hasTemplate: boolean; templateFile: string | null }): string | null {
  return q.hasTemplate && q.templateFile ? `${TEMPLATES_PATH}/${encodeURIComponent(q.templateFile)}` : null;
}

/** Template links of the given questions, by question id (only those that offer one). */
export async function templateUrls(db: Db, qs: readonly { id: string; hasTemplate: boolean }[]): Promise<Map<string, string>> {
  const ids = qs.filter((q) => q.hasTemplate).map((q) => q.id);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: questions.id, hasTemplate: questions.hasTemplate, templateFile: questions.templateFile })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(rows.flatMap((r) => {
    const url = templateUrl(r);
    return url ? [[r.id, url] as const] : [];
  }));
}

export function templateRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const signedIn = requireUser(ctx);

  router.get('/templates/questions/:systemNo', doc({ summary: 'A question\'s template file', query: TemplateQuery, ok: { file: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } }), signedIn, handler(async (req, res) => {
    const query = parseInput(TemplateQuery, req.query);
    const systemNo = String(req.params.systemNo).trim();
    // The programme asked for, else the open one (the first by name, as section/all picks).
    const [program] = query.programId
      ? await ctx.db.select({ id: programs.id }).from(programs).where(eq(programs.id, query.programId)).limit(1)
      : await ctx.db.select({ id: programs.id }).from(programs).where(eq(programs.status, 'OPEN')).orderBy(asc(programs.name), asc(programs.createdAt)).limit(1);
    if (!program || systemNo === '' || systemNo.length > MAX_SYSTEM_NO) throw notFound(TEMPLATE_NOT_FOUND);
    const [question] = await ctx.db
      .select({ hasTemplate: questions.hasTemplate, templateFile: questions.templateFile })
      .from(questions)
      .innerJoin(sections, eq(sections.id, questions.sectionId))
      .where(and(eq(sections.programId, program.id), eq(questions.systemNo, systemNo)))
      .orderBy(asc(sections.displayOrder), asc(questions.displayOrder))
      .limit(1);
    const url = question ? templateUrl(question) : null;
    if (!url) throw notFound(TEMPLATE_NOT_FOUND);
    res.json({ url });
  }));

  return router;
}
