"""The opponent model's tests (a package, so that test_recognition here and in test_experiments both import)."""
