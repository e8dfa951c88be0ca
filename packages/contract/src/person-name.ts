/**
 * A person's name as one string: first and last joined by one space. Many people have one name only (the last name is
 * empty), so an empty or blank part adds no space: 'Cher', not 'Cher '. Zod-free, so the browser may import it.
 */
export function fullName(person: { firstName: string; lastName?: string | null }): string {
  return [person.firstName, person.lastName ?? '']
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}
