import type { Suburb } from '@storefront/contract/suburb';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findSuburbById, listByPostcode, searchSuburbs, type SuburbRow } from './suburb.repo.js';

export function toSuburb(row: SuburbRow): Suburb {
  return {
    suburbID: row.id,
    suburb: row.locality,
    state: row.state as Suburb['state'],
    postcode: row.postcode,
  };
}

/** "2000", "sydney", "Sydney 2000", "surry hills, nsw 2010" -> name and postcode parts. */
export function parseKeyword(keyword: string): { digits?: string; name?: string } {
  const digits = /\b\d{1,4}\b/.exec(keyword)?.[0];
  const name = keyword
    .replace(/\b\d{1,4}\b/g, ' ')
    .replace(/[,]/g, ' ')
    .replace(/\b(act|nsw|nt|qld|sa|tas|vic|wa)\s*$/i, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { ...(digits ? { digits } : {}), ...(name ? { name } : {}) };
}

export function createSuburbService(db: Executor) {
  return {
    async byPostcode(postcode: string): Promise<Suburb[]> {
      return (await listByPostcode(db, postcode)).map(toSuburb);
    },

    async search(keyword: string, limit: number): Promise<Suburb[]> {
      const terms = parseKeyword(keyword);
      if (!terms.digits && !terms.name) return [];
      return (await searchSuburbs(db, terms, limit)).map(toSuburb);
    },

    async byId(id: number): Promise<Suburb> {
      const row = await findSuburbById(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such suburb.');
      return toSuburb(row);
    },
  };
}

export type SuburbService = ReturnType<typeof createSuburbService>;
