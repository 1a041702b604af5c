// The server-rendered list table: a header row and one row per item, with columns that can hide
// on narrow screens. Row selection and bulk actions live in the admin-table island instead.
import type { ReactNode } from "react";

export type Column<Row> = { header: string; hideMobile?: boolean; nowrap?: boolean; cell: (row: Row) => ReactNode };

function cellClass(column: { hideMobile?: boolean; nowrap?: boolean }): string | undefined {
  return [column.hideMobile ? "hide-mobile" : "", column.nowrap ? "nowrap" : ""].filter(Boolean).join(" ") || undefined;
}

export function DataTable<Row>(props: { columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row) => string }) {
  return (
    <div className="table-wrap">
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
    </div>
  );
}
