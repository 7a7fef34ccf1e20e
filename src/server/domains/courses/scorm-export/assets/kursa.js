/*
 * The script of a course exported from Kursa as a SCORM package (docs/decisions/066-scorm-export.md).
 * It shows one lesson at a time, grades the quizzes from the key in the page (by the same rules as
 * Kursa: a choice question is right when exactly its correct options are chosen, a short answer
 * when it matches an accepted one ignoring case and spacing) and reports to the LMS through the
 * SCORM 1.2 (window.API) or 2004 (window.API_1484_11) runtime it finds: status, score, location,
 * suspend data (lessons seen, each quiz's best score and attempts) and session time. The course is
 * complete when every lesson is seen and every quiz passed. Outside an LMS it still plays.
 */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('kursa-course').textContent);
  var words = data.words;
  var lessons = data.lessons;
  var sections = Array.prototype.slice.call(document.querySelectorAll('main > section[data-lesson]'));
  var links = Array.prototype.slice.call(document.querySelectorAll('nav a[data-lesson]'));
  var started = Date.now();
  var fill = function (text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, key) {
      return String(values[key]);
    });
  };
  var normalise = function (text) {
    return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('da');
  };

  // The runtime: the LMS puts it on a window above this one (or the one that opened it).
  function findIn(win, name) {
    for (var depth = 0; win && depth < 10; depth++) {
      try {
        if (win[name]) return win[name];
      } catch {
        return null; // another origin's window: nothing further up is reachable
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  function findApi(name) {
    return findIn(window, name) || (window.opener ? findIn(window.opener, name) : null);
  }
  var api2004 = findApi('API_1484_11');
  var api12 = api2004 ? null : findApi('API');
  var lms = null;
  if (api2004 && String(api2004.Initialize('')) === 'true') {
    lms = {
      get: function (k) {
        return String(api2004.GetValue(k));
      },
      set: function (k, v) {
        api2004.SetValue(k, String(v));
      },
      commit: function () {
        api2004.Commit('');
      },
      finish: function () {
        api2004.Terminate('');
      },
      v2004: true,
    };
  } else if (api12 && String(api12.LMSInitialize('')) === 'true') {
    lms = {
      get: function (k) {
        return String(api12.LMSGetValue(k));
      },
      set: function (k, v) {
        api12.LMSSetValue(k, String(v));
      },
      commit: function () {
        api12.LMSCommit('');
      },
      finish: function () {
        api12.LMSFinish('');
      },
      v2004: false,
    };
  }
  var key = function (k12, k2004) {
    return lms && lms.v2004 ? k2004 : k12;
  };

  // What this learner has done: lessons seen and, per quiz, the best score and attempts used.
  var state = {
    seen: lessons.map(function () {
      return false;
    }),
    quiz: {},
  };
  var current = 0;
  if (lms) {
    try {
      var saved = JSON.parse(lms.get('cmi.suspend_data') || 'null');
      if (saved && typeof saved.s === 'string') {
        state.seen = lessons.map(function (_, i) {
          return saved.s.charAt(i) === '1';
        });
        state.quiz = saved.q || {};
      }
    } catch {
      /* a fresh start: what the LMS kept is not ours */
    }
    var location = parseInt(lms.get(key('cmi.core.lesson_location', 'cmi.location')), 10);
    if (location >= 0 && location < lessons.length) current = location;
  } else {
    var notice = document.getElementById('notice');
    notice.textContent = words.noTracking;
    notice.hidden = false;
  }

  function quizOf(i) {
    return lessons[i].quiz;
  }
  function quizState(i) {
    return state.quiz[i] || { best: null, attempts: 0 };
  }
  function quizPassed(i) {
    var q = quizState(i);
    return q.best !== null && q.best >= quizOf(i).passMark;
  }
  function quizOver(i) {
    var quiz = quizOf(i);
    return quizPassed(i) || (quiz.maxAttempts !== null && quizState(i).attempts >= quiz.maxAttempts);
  }
  function lessonDone(i) {
    return quizOf(i) ? quizPassed(i) : state.seen[i];
  }
  function summary() {
    var done = 0,
      scores = [],
      failed = false;
    lessons.forEach(function (l, i) {
      if (lessonDone(i)) done++;
      if (l.quiz) {
        scores.push(quizState(i).best || 0);
        if (quizOver(i) && !quizPassed(i)) failed = true;
      }
    });
    var score = scores.length
      ? Math.round(
          scores.reduce(function (a, b) {
            return a + b;
          }, 0) / scores.length,
        )
      : null;
    return { done: done, complete: done === lessons.length, failed: failed, score: score, quizzes: scores.length };
  }

  function sessionTime() {
    var seconds = Math.max(0, Math.round((Date.now() - started) / 1000));
    if (lms && lms.v2004) return 'PT' + seconds + 'S';
    var pad = function (n) {
      return (n < 10 ? '0' : '') + n;
    };
    return pad(Math.floor(seconds / 3600)) + ':' + pad(Math.floor((seconds % 3600) / 60)) + ':' + pad(seconds % 60);
  }

  function report() {
    var s = summary();
    var progress = document.getElementById('progress');
    progress.textContent = s.complete
      ? words.courseCompleted
      : s.failed
        ? words.courseFailed
        : fill(words.progress, { done: s.done, total: lessons.length });
    links.forEach(function (a, i) {
      a.classList.toggle('done', lessonDone(i));
    });
    if (!lms) return;
    lms.set(key('cmi.core.lesson_location', 'cmi.location'), current);
    lms.set(
      'cmi.suspend_data',
      JSON.stringify({
        s: state.seen
          .map(function (x) {
            return x ? '1' : '0';
          })
          .join(''),
        q: state.quiz,
      }),
    );
    if (s.score !== null) {
      lms.set(key('cmi.core.score.min', 'cmi.score.min'), 0);
      lms.set(key('cmi.core.score.max', 'cmi.score.max'), 100);
      lms.set(key('cmi.core.score.raw', 'cmi.score.raw'), s.score);
      if (lms.v2004) lms.set('cmi.score.scaled', s.score / 100);
    }
    if (lms.v2004) {
      lms.set('cmi.progress_measure', lessons.length ? s.done / lessons.length : 1);
      lms.set('cmi.completion_status', s.complete || s.failed ? 'completed' : 'incomplete');
      lms.set('cmi.success_status', s.quizzes === 0 ? 'unknown' : s.complete ? 'passed' : s.failed ? 'failed' : 'unknown');
    } else {
      lms.set('cmi.core.lesson_status', s.complete ? (s.quizzes ? 'passed' : 'completed') : s.failed ? 'failed' : 'incomplete');
    }
    lms.commit();
  }

  function show(i, focus) {
    current = i;
    sections.forEach(function (section, j) {
      section.hidden = j !== i;
    });
    links.forEach(function (a, j) {
      if (j === i) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    });
    document.getElementById('previous').disabled = i === 0;
    document.getElementById('next').disabled = i === lessons.length - 1;
    if (!quizOf(i)) state.seen[i] = true;
    else renderQuiz(i);
    if (focus) sections[i].querySelector('h1').focus();
    report();
  }

  // A quiz: graded on submit, its verdicts and the answer key shown as the author chose.
  function grade(question, form, name) {
    if (question.type === 'short_answer') {
      var given = normalise(form.elements[name].value);
      return (
        given !== '' &&
        question.accepted.some(function (a) {
          return normalise(a) === given;
        })
      );
    }
    var chosen = Array.prototype.slice.call(form.querySelectorAll('input[name="' + name + '"]:checked')).map(function (input) {
      return input.value;
    });
    return (
      chosen.length > 0 &&
      (question.type === 'multiple' || chosen.length === 1) &&
      chosen.length === question.correct.length &&
      chosen.every(function (id) {
        return question.correct.indexOf(id) >= 0;
      })
    );
  }
  function answered(question, form, name) {
    if (question.type === 'short_answer') return form.elements[name].value.trim() !== '';
    return form.querySelector('input[name="' + name + '"]:checked') !== null;
  }
  function revealKey(i) {
    var reveal = quizOf(i).reveal;
    return reveal === 'passed' ? quizPassed(i) : reveal === 'finished' ? quizOver(i) : false;
  }
  function renderQuiz(i, verdicts, score) {
    var quiz = quizOf(i);
    var form = sections[i].querySelector('form.quiz');
    var over = quizOver(i);
    var showKey = revealKey(i);
    quiz.questions.forEach(function (question, n) {
      var fieldset = form.querySelector('[data-question="' + n + '"]');
      var verdict = fieldset.querySelector('.verdict');
      var lines = [];
      if (verdicts) {
        lines.push(verdicts[n] ? words.correct : words.incorrect);
        Array.prototype.slice.call(fieldset.querySelectorAll('input:checked')).forEach(function (input) {
          if (question.feedback[input.value]) lines.push(question.feedback[input.value]);
        });
      }
      if (showKey) {
        var answer =
          question.type === 'short_answer'
            ? question.accepted.join(' / ')
            : question.correct
                .map(function (id) {
                  var input = fieldset.querySelector('input[value="' + CSS.escape(id) + '"]');
                  return input ? input.parentNode.textContent.trim() : '';
                })
                .join(', ');
        if (answer) lines.push(fill(words.correctAnswer, { answer: answer }));
        if (question.explanation) lines.push(question.explanation);
      }
      verdict.textContent = '';
      lines.forEach(function (line) {
        var p = document.createElement('p');
        p.textContent = line;
        verdict.appendChild(p);
      });
      Array.prototype.slice.call(fieldset.querySelectorAll('input')).forEach(function (input) {
        input.disabled = over;
      });
    });
    var result = form.querySelector('.result');
    var q = quizState(i);
    var parts = [];
    var shown = score !== undefined ? score : q.best;
    if (shown !== null && shown !== undefined) {
      parts.push(fill(words.score, { score: shown, passMark: quiz.passMark }));
      parts.push(shown >= quiz.passMark ? words.passed : words.notPassed);
    }
    if (!quizPassed(i) && quiz.maxAttempts !== null) {
      parts.push(over ? words.noAttemptsLeft : fill(words.attemptsLeft, { left: quiz.maxAttempts - q.attempts }));
    }
    result.textContent = parts.join(' ');
    var submit = form.querySelector('button[type="submit"]');
    submit.hidden = over;
    submit.textContent = q.attempts > 0 ? words.tryAgain : words.checkAnswers;
  }

  sections.forEach(function (section, i) {
    var form = section.querySelector('form.quiz');
    if (!form) return;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (quizOver(i)) return;
      var quiz = quizOf(i);
      var error = form.querySelector('.quiz-error');
      var all = quiz.questions.every(function (question, n) {
        return answered(question, form, 'q' + i + '-' + n);
      });
      if (!all) {
        error.textContent = words.answerAll;
        return;
      }
      error.textContent = '';
      var verdicts = quiz.questions.map(function (question, n) {
        return grade(question, form, 'q' + i + '-' + n);
      });
      var right = verdicts.filter(Boolean).length;
      var score = quiz.questions.length ? Math.round((100 * right) / quiz.questions.length) : 100;
      var q = quizState(i);
      state.quiz[i] = { best: q.best === null ? score : Math.max(q.best, score), attempts: q.attempts + 1 };
      renderQuiz(i, verdicts, score);
      report();
    });
  });
  links.forEach(function (a, i) {
    a.addEventListener('click', function (event) {
      event.preventDefault();
      show(i, true);
    });
  });
  document.getElementById('previous').addEventListener('click', function () {
    if (current > 0) show(current - 1, true);
  });
  document.getElementById('next').addEventListener('click', function () {
    if (current < lessons.length - 1) show(current + 1, true);
  });

  var finished = false;
  function finish() {
    if (!lms || finished) return;
    finished = true;
    var s = summary();
    lms.set(key('cmi.core.session_time', 'cmi.session_time'), sessionTime());
    lms.set(key('cmi.core.exit', 'cmi.exit'), s.complete || s.failed ? '' : 'suspend');
    lms.commit();
    lms.finish();
  }
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);

  show(current, false);
})();
