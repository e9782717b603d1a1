#!/nonexistent/interpreter
# Its interpreter does not exist: ProcessImplementationTests checks the hint about the #! line.
