// Runs before the first paint so the page never flashes the wrong theme or language.
(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem('theme');
    root.classList.toggle('dark', theme !== 'light');
    if (theme === 'light') document.querySelector('meta[name="theme-color"]').setAttribute('content', '#f8fafc');
    var language = localStorage.getItem('language');
    if (language === 'da' || language === 'en') root.lang = language;
  } catch {
    root.classList.add('dark');
  }
})();
