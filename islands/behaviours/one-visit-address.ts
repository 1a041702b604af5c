// A notice that belongs to one visit (the dashboard's "Password saved." after a first password) is
// asked for by a query parameter, `welcome`. This takes the parameter out of the address, so a
// reload, the history or a bookmark does not show the notice again.
const url = new URL(location.href);
if (url.searchParams.has("welcome")) {
  url.searchParams.delete("welcome");
  history.replaceState(history.state, "", url);
}
