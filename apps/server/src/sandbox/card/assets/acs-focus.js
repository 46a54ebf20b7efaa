// The sandbox issuer's challenge, like a bank's: once its frame has the keyboard, the password
// field takes it, so what the customer types lands there without a Tab first (issue 34 item 2).
(function () {
  var password = document.getElementById('acs-password');
  if (!password) return;
  function take() {
    if (!document.activeElement || document.activeElement === document.body) password.focus();
  }
  window.addEventListener('focus', take);
  if (document.hasFocus()) take();
})();
