// Default meal picture (a plate with cutlery), inlined so it never needs a request
// and never breaks. Explicit width/height give the <img> a natural size of 400×300.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
<rect width="400" height="300" fill="#fbefe3"/>
<circle cx="200" cy="150" r="86" fill="#fff" stroke="#ecdccc" stroke-width="6"/>
<circle cx="200" cy="150" r="58" fill="#fde4d4"/>
<path d="M86 92v44a10 10 0 0 0 8 10v66h8v-66a10 10 0 0 0 8-10V92h-5v40h-4V92h-5v40h-4V92z" fill="#c4501f"/>
<path d="M306 92c-12 8-16 30-16 52h10v68h8V92z" fill="#c4501f"/>
</svg>`;

export const MEAL_PLACEHOLDER_SRC = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
