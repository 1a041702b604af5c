// The server-rendered list table: a header row and one row per item, with columns that can hide
// on narrow screens. Row selection and bulk actions live in the admin-table island instead.
import type { ReactNode } from "react";

export type Column<Row> = { header: string; hideMobile?: boolean; nowrap?: boolean; cell: (row: Row) => ReactNode };

function cellClass(column: { hideMobile?: boolean; nowrap?: boolean }): string | undefined {
  return [column.hideMobile ? "hide-mobile" : "", column.nowrap ? "nowrap" : ""].filter(Boolean).join(" ") || undefined;
}

/**
 * A table whose rows hold no link or button names itself with `label`: its scrolling wrapper then
 * becomes a focusable region, so keyboard users can scroll a table wider than the screen.
 */
export function DataTable<Row>(props: { columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row) => string; label?: string }) {
  const table = (
    <table className="table table-rows">
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th key={column.header} scope="col" className={column.hideMobile ? "hide-mobile" : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)}>
            {props.columns.map((column) => (
              <td key={column.header} className={cellClass(column)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!props.label) return <div className="table-wrap">{table}</div>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className="table-wrap" role="region" aria-label={props.label} tabIndex={0}>
      {table}
    </div>
  );
}
