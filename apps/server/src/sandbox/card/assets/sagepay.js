// The sandbox card provider's drop-in (payments-reference.md §5.5): the same global and methods as
// Opayo's sagepayCheckout. The card fields live in an iframe on the provider's origin, so the
// card number never reaches the page that loads this script.
(function () {
  var base =
    document.currentScript && document.currentScript.dataset.base
      ? document.currentScript.dataset.base
      : new URL('../../..', document.currentScript.src).href.replace(/\/$/, ''); // {base}/api/v1/js/ -> {base}
  var providerOrigin = new URL(base).origin;

  function sagepayCheckout(options) {
    var container =
      typeof options.containerSelector === 'function'
        ? options.containerSelector()
        : document.querySelector(options.containerSelector || '#sp-container');
    if (!container) throw new Error('sagepayCheckout: container not found');
    var params = new URLSearchParams({
      msk: options.merchantSessionKey,
      parentOrigin: window.location.origin,
      mode: options.mode || 'card',
    });
    if (options.cardIdentifier) params.set('cardIdentifier', options.cardIdentifier);
    var iframe = document.createElement('iframe');
    iframe.src = base + '/frame/card?' + params.toString();
    iframe.title = options.title || 'Card details';
    iframe.setAttribute('allow', 'payment');
    iframe.style.width = '100%';
    iframe.style.border = '0';
    iframe.style.height = options.mode === 'cvv' ? '110px' : '300px';
    iframe.style.display = 'block';
    container.appendChild(iframe);

    var counter = 0;
    var pending = new Map();
    var boundForm = null;
    var frameReady = false;
    // The name the page already asked for (a sandbox extension, payments-reference §5.5): sent by
    // message, never in the frame's URL, so it stays out of request logs.
    var cardholderName = options.cardholderName || '';

    function sendPrefill() {
      if (frameReady && cardholderName)
        iframe.contentWindow.postMessage(
          { type: 'sp:prefill', cardholderName: cardholderName },
          providerOrigin,
        );
    }

    function onMessage(event) {
      if (event.origin !== providerOrigin || event.source !== iframe.contentWindow) return;
      var data = event.data || {};
      if (data.type === 'sp:ready' || data.type === 'sp:resize') {
        iframe.style.height = data.height + 'px';
        if (data.type === 'sp:ready') {
          frameReady = true;
          sendPrefill();
          if (options.onReady) options.onReady();
        }
      } else if (data.type === 'sp:valid') {
        if (options.onValidityChange) options.onValidityChange(Boolean(data.valid));
      } else if (data.type === 'sp:tokenised') {
        var done = pending.get(data.requestId);
        if (!done) return;
        pending.delete(data.requestId);
        done({
          requestId: data.requestId,
          success: Boolean(data.success),
          cardIdentifier: data.cardIdentifier,
          error: data.error,
        });
      }
    }
    window.addEventListener('message', onMessage);

    function tokenise(tokeniseOptions) {
      counter += 1;
      var requestId = 'sp-' + counter;
      pending.set(requestId, function (result) {
        if (boundForm) writeHiddenFields(boundForm, result);
        if (options.onTokenise) options.onTokenise(result);
      });
      iframe.contentWindow.postMessage(
        {
          type: 'sp:tokenise',
          requestId: requestId,
          newMerchantSessionKey: tokeniseOptions && tokeniseOptions.newMerchantSessionKey,
        },
        providerOrigin,
      );
      return requestId;
    }

    function writeHiddenFields(form, result) {
      var names = ['card-identifier', 'card-identifier-error-code', 'card-identifier-error-message'];
      names.forEach(function (name) {
        var old = form.querySelector('input[name="' + name + '"]');
        if (old) old.remove();
      });
      function add(name, value) {
        var input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.appendChild(input);
      }
      if (result.success) add('card-identifier', result.cardIdentifier);
      else {
        add('card-identifier-error-code', String(result.error && result.error.errorCode));
        add('card-identifier-error-message', String(result.error && result.error.errorMessage));
      }
    }

    return {
      form: function (formOptions) {
        boundForm = document.querySelector((formOptions && formOptions.formSelector) || 'form');
        boundForm.addEventListener('submit', function (event) {
          if (boundForm.querySelector('input[name="card-identifier"]')) return;
          event.preventDefault();
          var previous = options.onTokenise;
          options.onTokenise = function (result) {
            options.onTokenise = previous;
            if (previous) previous(result);
            if (result.success) boundForm.submit();
          };
          tokenise();
        });
      },
      tokenise: tokenise,
      /** The billing name changed: the frame shows it unless the name on the card was typed there. */
      prefill: function (prefillOptions) {
        cardholderName = (prefillOptions && prefillOptions.cardholderName) || '';
        sendPrefill();
      },
      destroy: function () {
        window.removeEventListener('message', onMessage);
        iframe.remove();
      },
    };
  }

  window.sagepayCheckout = sagepayCheckout;
})();
