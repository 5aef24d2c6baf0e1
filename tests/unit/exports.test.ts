// The pure parts of the state's downloads (decision 045): the workbook's columns, the day cells, the ZIP's names.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_EXPORT_COLUMNS, applicationsExportFileName, attachmentsFileName, EXPORT_NUMBER_FORMATS, excelDay, safeEntryName, sectionFolder,
  uniqueEntryName,
} from '../../domain/exports';

describe('the state list workbook', () => {
  it('has review rubric 7 columns in order, each key once, money and days typed', () => {
    expect(APPLICATION_EXPORT_COLUMNS.map((c) => c.key)).toEqual([
      'id', 'organization', 'program', 'status', 'projectLocation', 'technology', 'createdAt', 'submittedAt', 'projectCost', 'beadRequest',
      'locations', 'outlayPerLocation', 'gatingPass', 'gatingFail', 'technicalPercentage', 'rubricTotal',
    ]);
    const kind = Object.fromEntries(APPLICATION_EXPORT_COLUMNS.map((c) => [c.key, c.kind]));
    expect([kind.projectCost, kind.beadRequest, kind.outlayPerLocation]).toEqual(['money', 'money', 'money']);
    expect([kind.createdAt, kind.submittedAt]).toEqual(['date', 'date']);
    expect(EXPORT_NUMBER_FORMATS.money).toBe('"$"#,##0.00');
  });

  it('names files by day and application', () => {
    expect(applicationsExportFileName('2026-11-25')).toBe('applications-2026-11-25.xlsx');
    expect(attachmentsFileName('GA-LKV002')).toBe('GA-LKV002-attachments.zip');
  });

  it('turns a list date into a date-only cell, and anything else into an empty one', () => {
    expect(excelDay('11-25-2026')?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(excelDay('02-29-2028')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(excelDay('')).toBeNull();
    expect(excelDay('2026-11-25')).toBeNull();
  });
});

describe('the attachments ZIP names', () => {
  it('numbers section folders in form order', () => {
    expect(sectionFolder(1, 'Entity Information')).toBe('01 Entity Information');
    expect(sectionFolder(12, 'Labor / Workforce')).toBe('12 Labor _ Workforce');
    expect(sectionFolder(3, '  ')).toBe('03 Section');
  });

  it('makes names safe on every system: no separators, reserved or control characters, no dot names', () => {
    expect(safeEntryName('budget: final?.pdf')).toBe('budget_ final_.pdf');
    expect(safeEntryName('..\\..\\etc/passwd')).toBe('_.._etc_passwd');
    expect(safeEntryName('a\u0000b\nc.txt')).toBe('a_b_c.txt');
    expect(safeEntryName('...')).toBe('file');
    expect(safeEntryName('x'.repeat(300)).length).toBe(120);
  });

  it('makes names unique per folder, ignoring case, keeping the extension', () => {
    const taken = new Set<string>();
    expect(['plan.pdf', 'Plan.PDF', 'plan.pdf', 'plan (2).pdf', 'README'].map((n) => uniqueEntryName(taken, n)))
      .toEqual(['plan.pdf', 'Plan (2).PDF', 'plan (3).pdf', 'plan (2) (2).pdf', 'README']);
  });
});
