// Posts the issuer's answer on to the merchant straight away (a button stays for no-script users).
document.querySelectorAll('form[data-auto-submit]').forEach(function (form) {
  form.submit();
});
