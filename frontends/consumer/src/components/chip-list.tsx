/** Words as chips in a row (ingredients, specialties...): the page styles the list and each chip. */
export function ChipList({ items, className, chipClassName }: { items: readonly string[]; className?: string; chipClassName?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={chipClassName}>
          {item}
        </li>
      ))}
    </ul>
  );
}
