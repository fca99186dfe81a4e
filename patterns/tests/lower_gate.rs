//! `lower` checks gas's rules in the walk that surveys the module, and a
//! module the rules reject is refused before anything is rewritten, with the
//! rules' errors only (not the events it would also have reported).

use gas_dialect::AddressSpaceMap;
use gas_patterns::lower::LowerError;
use melior::ir::Module;
use melior::Context;
use std::cell::RefCell;
use std::rc::Rc;

/// A function passing an event through a block argument (lower reports
/// it), with `first` at its start.
fn function(first: &str) -> String {
    format!(
        r#"func.func @f(%c: !llvm.ptr<2>, %b: i1) {{
{first}
  %none = "gas.null_event"() : () -> !gas.event
  cf.cond_br %b, ^a(%none : !gas.event), ^a(%none : !gas.event)
^a(%e: !gas.event):
  "gas.wait_events"(%e) : (!gas.event) -> ()
  return
}}"#
    )
}

/// A constant pointer made generic: gas's rules reject it.
const TAGGED_CONSTANT: &str = r#"  %t = "gas.tag"(%c) : (!llvm.ptr<2>) -> !llvm.ptr<4>"#;

/// Runs lower on `text`: its error, the diagnostics and whether the module
/// is as it was.
fn lower(text: &str) -> (Option<LowerError>, Vec<String>, bool) {
    let context = Context::new();
    gas_dialect::load(&context).expect("the gas dialect loads");
    let collected = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&collected);
    context.attach_diagnostic_handler(move |diagnostic| {
        sink.borrow_mut().push(diagnostic.to_string());
        true
    });
    let mut module = Module::parse(&context, text).expect("the module parses");
    let before = module.as_operation().to_string();
    let error = gas_patterns::lower::run(&context, &mut module, &AddressSpaceMap::SPIR64).err();
    let unchanged = module.as_operation().to_string() == before;
    let diagnostics = collected.borrow().clone();
    (error, diagnostics, unchanged)
}

#[test]
fn a_module_the_rules_reject_is_refused_untouched_with_their_errors_only() {
    let (error, diagnostics, unchanged) = lower(&function(TAGGED_CONSTANT));
    assert!(matches!(error, Some(LowerError::Unverified)), "{error:?}");
    assert!(unchanged, "lower rewrote a module it refused");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(diagnostics[0].contains("'gas.tag' op"), "{diagnostics:?}");
}

#[test]
fn an_escaping_event_is_reported_when_the_rules_hold() {
    let (error, diagnostics, unchanged) = lower(&function(""));
    assert!(
        matches!(error, Some(LowerError::EventsEscape { count: 1 })),
        "{error:?}"
    );
    assert!(unchanged, "lower rewrote a module it refused");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(
        diagnostics[0].contains("'cf.cond_br' op carries a gas event"),
        "{diagnostics:?}"
    );
}
