// Runs inside the card iframe on the sandbox provider's origin: checks the fields, turns them into a
// card identifier with the merchant session key, and tells only the parent origin named in the URL.
(function () {
  var params = new URLSearchParams(window.location.search);
  var parentOrigin = params.get('parentOrigin');
  var msk = params.get('msk');
  var mode = params.get('mode') === 'cvv' ? 'cvv' : 'card';
  var cardIdentifier = params.get('cardIdentifier');
  var apiBase = document.body.getAttribute('data-api-base');
  var form = document.getElementById('card-form');

  function post(message) {
    window.parent.postMessage(message, parentOrigin);
  }
  function field(name) {
    return document.getElementById(name);
  }
  function value(name) {
    var input = field(name);
    return input ? input.value.trim() : '';
  }
  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return digits.length >= 12 && sum % 10 === 0;
  }
  function isAmex() {
    return /^3[47]/.test(value('card-number').replace(/\s/g, ''));
  }

  function problems() {
    var list = [];
    if (mode === 'card') {
      var name = value('cardholder-name');
      if (!name) list.push({ field: 'cardholder-name', code: 1003, message: 'Enter the name on the card' });
      else if (name.length > 45)
        list.push({ field: 'cardholder-name', code: 1004, message: 'The name on the card is too long' });
      var number = value('card-number').replace(/\s/g, '');
      if (!number) list.push({ field: 'card-number', code: 1003, message: 'Enter the card number' });
      else if (!/^\d{12,19}$/.test(number) || !luhn(number))
        list.push({ field: 'card-number', code: 1007, message: 'Enter a valid card number' });
      var expiry = value('expiry-date').replace(/\s/g, '');
      var match = /^(\d{2})\/?(\d{2})$/.exec(expiry);
      if (!expiry) list.push({ field: 'expiry-date', code: 1003, message: 'Enter the expiry date' });
      else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12)
        list.push({ field: 'expiry-date', code: 1005, message: 'Enter the expiry date as MM/YY' });
      else {
        var now = new Date();
        var year = 2000 + Number(match[2]);
        var month = Number(match[1]);
        if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
          list.push({ field: 'expiry-date', code: 1009, message: 'The card has expired' });
      }
    }
    var code = value('security-code');
    var length = mode === 'card' && isAmex() ? 4 : params.get('brand') === 'AmericanExpress' ? 4 : 3;
    if (!code) list.push({ field: 'security-code', code: 1003, message: 'Enter the security code' });
    else if (!/^\d+$/.test(code))
      list.push({ field: 'security-code', code: 1005, message: 'Enter digits only' });
    else if (code.length !== length && !(mode === 'cvv' && code.length >= 3 && code.length <= 4))
      list.push({
        field: 'security-code',
        code: 1004,
        message: 'Enter the ' + length + '-digit security code',
      });
    return list;
  }

  function showProblems(list) {
    document.querySelectorAll('.field-error').forEach(function (node) {
      node.textContent = '';
    });
    document.querySelectorAll('input').forEach(function (input) {
      input.removeAttribute('aria-invalid');
    });
    list.forEach(function (problem) {
      var input = field(problem.field);
      var error = document.getElementById(problem.field + '-error');
      if (input) input.setAttribute('aria-invalid', 'true');
      if (error) error.textContent = problem.message;
    });
  }

  // The content's own height (not the document's, which is at least the frame's height and would
  // make the frame grow every time it is resized).
  var lastHeight = 0;
  function reportSize(type) {
    var main = document.querySelector('main');
    var height = Math.ceil(main.getBoundingClientRect().bottom) + 8;
    if (type === 'sp:resize' && height === lastHeight) return;
    lastHeight = height;
    post({ type: type, height: height });
  }
  var lastValid = null;
  function reportValidity() {
    var valid = problems().length === 0;
    if (valid !== lastValid) post({ type: 'sp:valid', valid: valid });
    lastValid = valid;
  }
  form.addEventListener('input', reportValidity);
  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });
  if (window.ResizeObserver)
    new ResizeObserver(function () {
      reportSize('sp:resize');
    }).observe(document.querySelector('main'));

  function answer(requestId, result) {
    post(Object.assign({ type: 'sp:tokenised', requestId: requestId }, result));
  }

  // The name on the card is asked once: the page's billing name fills it (sp:prefill) until the
  // cardholder types a different one here (issue 34 item 5; WCAG 3.3.7).
  var nameTyped = false;
  var nameField = field('cardholder-name');
  if (nameField)
    nameField.addEventListener('input', function () {
      nameTyped = true;
    });

  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    var data = event.data || {};
    if (data.type === 'sp:prefill') {
      if (nameField && !nameTyped && typeof data.cardholderName === 'string') {
        nameField.value = data.cardholderName.slice(0, 45);
        reportValidity();
      }
      return;
    }
    if (data.type !== 'sp:tokenise') return;
    if (data.newMerchantSessionKey) msk = data.newMerchantSessionKey;
    var name = value('cardholder-name').toUpperCase();
    if (name === 'TOKENISE TIMEOUT') return;
    var delay = name === 'TOKENISE SLOW' ? 3000 : 0;
    var list = problems();
    showProblems(list);
    if (list.length > 0) {
      // Every problem, each naming its field, so the page can say all of them (issue 34 item 4).
      answer(data.requestId, {
        success: false,
        error: {
          httpCode: 422,
          errorCode: list[0].code,
          errorMessage: list
            .map(function (problem) {
              return problem.message + '.';
            })
            .join(' '),
          field: list[0].field,
        },
      });
      return;
    }
    var request =
      mode === 'card'
        ? fetch(apiBase + '/card-identifiers', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer ' + msk },
            body: JSON.stringify({
              cardDetails: {
                cardholderName: value('cardholder-name'),
                cardNumber: value('card-number').replace(/\s/g, ''),
                expiryDate: value('expiry-date').replace(/\D/g, ''),
                securityCode: value('security-code'),
              },
            }),
          })
        : fetch(apiBase + '/card-identifiers/' + encodeURIComponent(cardIdentifier) + '/security-code', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer ' + msk },
            body: JSON.stringify({ securityCode: value('security-code') }),
          });
    request
      .then(function (response) {
        if (response.status === 204) return { success: true, cardIdentifier: cardIdentifier };
        return response.json().then(function (body) {
          if (response.ok) return { success: true, cardIdentifier: body.cardIdentifier };
          var error = body.errors ? body.errors[0] : body;
          return {
            success: false,
            error: {
              httpCode: response.status,
              errorCode: Number(error.code),
              errorMessage: error.clientMessage || error.description,
            },
          };
        });
      })
      .catch(function () {
        return { success: false, error: { httpCode: 0, errorCode: 9999, errorMessage: 'Network error' } };
      })
      .then(function (result) {
        setTimeout(function () {
          answer(data.requestId, result);
        }, delay);
      });
  });

  reportSize('sp:ready');
  reportValidity();
})();
