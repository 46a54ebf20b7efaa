// The staff site's entry loads the site itself as a chunk of its own: nothing the staff site uses
// is then "initial", so none of it joins the shell chunk every customer site's first route loads
// (the staff site has no first-route budget; the customer sites do, decision 0057).
void import('./staff-site.tsx');
