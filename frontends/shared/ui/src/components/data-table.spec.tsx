import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, NUMBER_CELL } from './data-table';

describe('DataTable', () => {
  it('heads its columns, number columns aligned like their cells, then the body and the foot', () => {
    const html = renderToStaticMarkup(
      <DataTable
        columns={[{ label: 'Plat' }, { label: 'Portions', number: true }]}
        footer={
          <tr>
            <th scope="row">Total</th>
            <td className={NUMBER_CELL}>3</td>
          </tr>
        }
      >
        <tr>
          <th scope="row">Tajine</th>
          <td className={NUMBER_CELL}>3</td>
        </tr>
      </DataTable>,
    );
    expect(html).toMatch(/^<table[^>]*><thead><tr><th scope="col">Plat<\/th><th scope="col" class="([^"]+)">Portions<\/th><\/tr><\/thead>/);
    const numberClass = /<th scope="col" class="([^"]+)">Portions/.exec(html)?.[1];
    expect(numberClass).toBe(NUMBER_CELL);
    expect(html).toContain(`<tbody><tr><th scope="row">Tajine</th><td class="${NUMBER_CELL}">3</td></tr></tbody>`);
    expect(html).toContain('<tfoot><tr><th scope="row">Total</th>');
  });

  it('has no foot without one', () => {
    expect(renderToStaticMarkup(<DataTable columns={[{ label: 'Plat' }]}>{null}</DataTable>)).not.toContain('<tfoot>');
  });
});
