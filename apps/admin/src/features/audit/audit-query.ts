import type { AuditQuery } from '@storefront/contract/staff';

export const PAGE_SIZES = [10, 20, 50] as const;
const DEFAULT_PAGE_SIZE = 20;

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim().slice(0, 40);
  return trimmed ? trimmed : undefined;
}

/** The audit log's filters and page as the page's address carries them (so a filtered view can be shared). */
export function readAuditQuery(params: URLSearchParams): AuditQuery {
  const pageSize = positiveInt(params.get('pageSize'));
  return {
    staffID: positiveInt(params.get('staffID')),
    targetType: text(params.get('targetType')),
    targetID: text(params.get('targetID')),
    page: Math.min(positiveInt(params.get('page')) ?? 1, 10_000),
    pageSize: PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The address's query for a view of the log; the defaults are left out. */
export function writeAuditQuery(query: AuditQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.staffID !== undefined) params.set('staffID', String(query.staffID));
  if (query.targetType) params.set('targetType', query.targetType);
  if (query.targetID) params.set('targetID', query.targetID);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}
