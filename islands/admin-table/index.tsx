// The admin lists' table (SPEC.md §2 FAQ list, Bug reports): rows open their page, and rows can
// be selected and deleted together after 'Are you sure you want to delete N FAQ(s)?' (or the
// same for bug reports). Filters, search, sort and paging stay server-rendered links around it.
import { useState } from "react";
import { api, errorMessage } from "../api";
import { useConfirm } from "../ui/confirm-dialog";
import { ModalHost } from "../ui/modals";
import { Toasts, useToast } from "../ui/toasts";

export type TableCell = { text: string; badge?: "yellow" | "blue" | "green" | "red" | "neutral"; nowrap?: boolean; tone?: "section" };
export type TableRow = { id: string; href: string; cells: TableCell[] };
export type AdminTableProps = {
  kind: "faq" | "bug-report";
  label: string;
  columns: { label: string; hideMobile?: boolean }[];
  rows: TableRow[];
};

export const deleteQuestion = (kind: AdminTableProps["kind"], count: number): string =>
  kind === "faq" ? `Are you sure you want to delete ${count} FAQ(s)?` : `Are you sure you want to delete ${count} bug report(s)?`;

async function deleteRows(kind: AdminTableProps["kind"], ids: string[]): Promise<string> {
  const joined = ids.join("-");
  const { data, error } =
    kind === "faq"
      ? await api.api.admin.faq.delete(undefined, { query: { faqIDs: joined } })
      : await api.api.admin.bugreports.delete(undefined, { query: { bugReportIDs: joined } });
  if (error) throw new Error(errorMessage(error));
  return data.message;
}

function Cell(props: { cell: TableCell }) {
  const { cell } = props;
  if (cell.badge) return <span className={cell.badge === "neutral" ? "badge" : `badge badge-${cell.badge}`}>{cell.text}</span>;
  if (cell.tone === "section") return <span className="section-tag">{cell.text}</span>;
  return <>{cell.text}</>;
}

export default function AdminTable(props: AdminTableProps) {
  const [rows, setRows] = useState(props.rows);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const confirm = useConfirm();
  const toast = useToast();
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAll() {
    setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)));
  }

  function askDelete() {
    const ids = [...selected];
    confirm({
      id: `delete-${props.kind}-${ids.join("-")}`,
      title: deleteQuestion(props.kind, ids.length),
      message: "This cannot be undone.",
      confirmLabel: "Delete",
      danger: true,
      onConfirm: async () => {
        try {
          const message = await deleteRows(props.kind, ids);
          // Bulk deletes are applied to the local list by id (SPEC.md §4 Lists).
          setRows((current) => current.filter((row) => !ids.includes(row.id)));
          setSelected(new Set());
          toast.success(message);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : String(error));
          throw error;
        }
      },
    });
  }

  return (
    <div className="admin-table">
      <div className={selected.size > 0 ? "selection-bar is-active" : "selection-bar"} aria-live="polite">
        {selected.size > 0 ? (
          <>
            <span className="selection-count">{selected.size} selected</span>
            <button type="button" className="button button-sm" onClick={() => setSelected(new Set())}>
              Clear
            </button>
            <button type="button" className="button button-sm button-danger" onClick={askDelete}>
              Delete selected
            </button>
          </>
        ) : (
          <span className="muted selection-hint">Select rows to delete several at once.</span>
        )}
      </div>
      {rows.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">Nothing left on this page.</p>
          <a href={typeof location === "undefined" ? "" : location.pathname}>Reload the list</a>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table table-rows table-select">
            <caption className="visually-hidden">{props.label}</caption>
            <thead>
              <tr>
                <th scope="col" className="select-cell">
                  <input type="checkbox" aria-label="Select all rows" checked={allSelected} onChange={toggleAll} />
                </th>
                {props.columns.map((column) => (
                  <th key={column.label} scope="col" className={column.hideMobile ? "hide-mobile" : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={selected.has(row.id) ? "is-selected" : undefined}>
                  <td className="select-cell">
                    <input
                      type="checkbox"
                      aria-label={`Select ${row.cells[0]?.text ?? row.id}`}
                      checked={selected.has(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  </td>
                  {row.cells.map((cell, index) => {
                    const column = props.columns[index];
                    const classes = [column?.hideMobile ? "hide-mobile" : "", cell.nowrap ? "nowrap" : "", index === 0 ? "title-cell" : ""]
                      .filter(Boolean)
                      .join(" ");
                    return (
                      <td key={column?.label ?? index} className={classes || undefined}>
                        {index === 0 ? (
                          <a className="row-link" href={row.href}>
                            {cell.text}
                          </a>
                        ) : (
                          <Cell cell={cell} />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Toasts />
      <ModalHost />
    </div>
  );
}
