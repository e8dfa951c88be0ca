import { DIETARY_LABELS, type DietaryMark } from '@storefront/contract/limits';

/** The marks worth showing: a vegan product is vegetarian too, so Vegan alone says both. */
export function shownDietaryMarks(marks: readonly DietaryMark[]): DietaryMark[] {
  return marks.includes('vegan') ? marks.filter((m) => m !== 'vegetarian') : [...marks];
}

type Props = { marks: readonly DietaryMark[]; testId: string };

/** The label's dietary marks as small text badges, a list named "Dietary" for a screen reader. */
export function DietaryMarks({ marks, testId }: Props) {
  const shown = shownDietaryMarks(marks);
  if (shown.length === 0) return null;
  return (
    <ul className="dietary-marks" aria-label="Dietary" data-testid={testId}>
      {shown.map((mark) => (
        <li key={mark} className="dietary-marks__mark">
          {DIETARY_LABELS[mark]}
        </li>
      ))}
    </ul>
  );
}
