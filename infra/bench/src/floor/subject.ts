/** The floor's own subject, on a NATS server of its own (no product service listens there). */
export const FLOOR_SUBJECT = 'floor.meals.list';
