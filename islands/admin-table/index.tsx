// The admin tables (Webapp Requests, Access Codes, Bug Reports, FAQs; SPEC.md §2): rows open their
// page; rows can be selected (one by one or every row of the page) and changed or deleted
// together from a bar that stays in view. Each change asks first, naming how many rows and what
// changes (and whom it notifies), then goes to the server as one request, and a toast says how
// many rows changed. Filters, search, sort and paging stay server-rendered links around it.
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { badgeClass } from "../../src/shared/project-labels";
import { ActionMenu } from "../ui/action-menu";
import { useConfirm } from "../ui/confirm-dialog";
import { ModalHost } from "../ui/modal-views";
import { Toasts, useToast } from "../ui/toasts";
import { type AnyRow, type BulkChange, type TableCell, type TableKind, kinds } from "./kinds";

export type AdminTableProps = { kind: TableKind; label: string; rows: AnyRow[] };

function Cell(props: { cell: TableCell }) {
  const { cell } = props;
  if (cell.onPhone) {
    return (
      <span className="cell-badges">
        <Cell cell={{ ...cell, onPhone: undefined }} />
        <span className="show-mobile">
          <Cell cell={cell.onPhone} />
        </span>
      </span>
    );
  }
  if (cell.badge) return <span className={badgeClass(cell.badge)}>{cell.text}</span>;
  if (cell.tone === "section") return <span className="section-tag">{cell.text}</span>;
  return <>{cell.text}</>;
}

/** "Ada will be notified." or "3 customers will be notified.", for the rows the change really changes. */
function notifiedLine(rows: AnyRow[], change: BulkChange): string | undefined {
  if (!change.notifies) return undefined;
  const changed = rows.filter((row) => Object.entries(change.fields).some(([key, value]) => (row.fields as Record<string, unknown>)[key] !== value));
  const customers = [...new Set(changed.map((row) => String((row.fields as { customer?: string }).customer ?? "")).filter(Boolean))];
  if (customers.length === 0) return "Nobody is notified: nothing changes for these projects.";
  return customers.length === 1 ? `${customers[0]} will be notified.` : `${customers.length} customers will be notified.`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export default function AdminTable(props: AdminTableProps) {
  const config = kinds[props.kind];
  const [rows, setRows] = useState(props.rows);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const confirm = useConfirm();
  const toast = useToast();
  const selectAll = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const count = rows.filter((row) => selected.has(row.id)).length;
  const allSelected = rows.length > 0 && count === rows.length;

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = count > 0 && !allSelected;
  }, [count, allSelected]);

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const chosen = () => rows.filter((row) => selected.has(row.id));

  function askChange(change: BulkChange) {
    const targets = chosen();
    const ids = targets.map((row) => row.id);
    const update = config.update;
    if (!update) return;
    confirm({
      id: `bulk-${props.kind}-${change.label}`,
      title: change.question(ids.length),
      message: notifiedLine(targets, change),
      confirmLabel: change.label === "Archive" || change.label.startsWith("Mark") ? change.label : "Apply",
      onConfirm: async () => {
        try {
          const message = await update(ids, change.fields);
          setRows((current) => current.map((row) => (ids.includes(row.id) ? ({ ...row, fields: { ...row.fields, ...change.fields } } as AnyRow) : row)));
          toast.success(message);
        } catch (error) {
          toast.error(errorText(error));
          throw error;
        }
      },
    });
  }

  function askDelete() {
    const ids = chosen().map((row) => row.id);
    confirm({
      id: `delete-${props.kind}`,
      title: config.deleteQuestion(ids.length),
      message: "This cannot be undone.",
      confirmLabel: "Delete",
      danger: true,
      onConfirm: async () => {
        try {
          const message = await config.remove(ids);
          // Bulk deletes are applied to the local list by id (SPEC.md §4 Lists).
          setRows((current) => current.filter((row) => !ids.includes(row.id)));
          setSelected(new Set());
          toast.success(message);
          // The bar and the deleted rows are gone: the keyboard lands back on the table.
          requestAnimationFrame(() => (selectAll.current ?? root.current)?.focus());
        } catch (error) {
          toast.error(errorText(error));
          throw error;
        }
      },
    });
  }

  function onKeyDown(event: KeyboardEvent) {
    // Escape on a row's checkbox clears the selection, as in a mail client.
    if (event.key === "Escape" && count > 0 && event.target instanceof HTMLInputElement && event.target.type === "checkbox") {
      setSelected(new Set());
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the checkboxes inside clears the selection
    <div className="admin-table" ref={root} tabIndex={-1} onKeyDown={onKeyDown}>
      <p className="visually-hidden" role="status">
        {count > 0 ? `${config.noun(count)} selected` : ""}
      </p>
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
                  <input
                    ref={selectAll}
                    type="checkbox"
                    aria-label={`Select all ${rows.length} rows on this page`}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
                  />
                </th>
                {config.columns.map((column) => (
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
                    <input type="checkbox" aria-label={`Select ${row.title}`} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />
                  </td>
                  {config.columns.map((column, index) => {
                    const cell = column.cell(row);
                    const classes = [column.hideMobile ? "hide-mobile" : "", cell.nowrap ? "nowrap" : "", index === 0 ? "title-cell" : ""]
                      .filter(Boolean)
                      .join(" ");
                    return (
                      <td key={column.label} className={classes || undefined}>
                        {index === 0 ? (
                          <>
                            <a className="row-link" href={row.href}>
                              {cell.text}
                            </a>
                            {row.count ? (
                              <a className="unread-badge" href={row.count.href} title={row.count.label} aria-label={row.count.label}>
                                {row.count.value}
                              </a>
                            ) : null}
                            {config.subtitle?.(row).map((line) => (
                              <span key={line} className="row-sub">
                                {line}
                              </span>
                            ))}
                          </>
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
      {count > 0 ? (
        <section className="selection-bar" aria-label="Bulk actions">
          <span className="selection-count">{count} selected</span>
          <button type="button" className="button button-sm button-ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
          <span className="selection-actions">
            {config.menus.map((menu) => (
              <ActionMenu
                key={menu.label}
                label={menu.label}
                up
                actions={menu.changes.map((change) => ({ label: change.label, onSelect: () => askChange(change) }))}
              />
            ))}
            <button type="button" className="button button-danger" onClick={askDelete}>
              Delete
            </button>
          </span>
        </section>
      ) : null}
      <Toasts />
      <ModalHost />
    </div>
  );
}
