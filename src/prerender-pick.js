// The pre-rendered first view (index.html, src/prerender.rs): a click on a card before the app
// has mounted selects it at once, and main.rs selects the same association in the app.
const pre = document.getElementById('ft-prerender');
pre?.addEventListener('click', (e) => {
  const card = e.target.closest('[data-pick]');
  if (!card) return;
  pre.querySelector('.ft-node--selected')?.classList.remove('ft-node--selected');
  card.classList.add('ft-node--selected');
  pre.dataset.picked = card.dataset.pick;
});
