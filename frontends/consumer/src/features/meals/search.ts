/** Lower-case, accent-free form of a text, so "tajine" finds "Tajíne" and "crème" finds "Creme". */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

export interface SearchableMeal {
  name: string;
  description: string;
  category: string;
  cook_name: string;
}

/**
 * Keeps the meals whose name, description, category or cook contains every word of the query.
 *
 * The BFF's `meals` query has no search argument yet, so the list filters
 * the pages it has loaded; it moves to the server when the contract gains one.
 */
export function filterMeals<T extends SearchableMeal>(meals: readonly T[], query: string): T[] {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...meals];
  return meals.filter((meal) => {
    const haystack = normalizeForSearch(`${meal.name} ${meal.description} ${meal.category} ${meal.cook_name}`);
    return words.every((word) => haystack.includes(word));
  });
}
